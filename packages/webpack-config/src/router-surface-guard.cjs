const fs = require('node:fs');
const path = require('node:path');

const SURFACE_PATH = path.join(__dirname, 'router-surface.mjs');
const ZOD_SURFACE_PATH = path.join(__dirname, 'zod-surface.mjs');
const NAMED_USES = new Set(['harmony import specifier', 'harmony export imported specifier']);

function readSurfaceExports(file, from) {
  const source = fs.readFileSync(file, 'utf8');
  const list = new RegExp(`export\\s*\\{([^}]*)\\}\\s*from\\s*'${from}'`).exec(source);
  if (!list) throw new Error(`${file} has no "export { … } from '${from}'" list`);
  return new Set(
    list[1]
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
}

/**
 * Fails the build when application code uses React Router outside the shared surface: such an
 * import would be `undefined` at run time, because every app receives the shell's copy.
 */
class RouterSurfaceGuardPlugin {
  apply(compiler) {
    const allowed = readSurfaceExports(SURFACE_PATH, 'react-router');
    const zodAllowed = readSurfaceExports(ZOD_SURFACE_PATH, 'zod/v4/mini');
    compiler.hooks.compilation.tap('RouterSurfaceGuardPlugin', (compilation) => {
      compilation.hooks.finishModules.tap('RouterSurfaceGuardPlugin', (modules) => {
        for (const module of modules) {
          const resource = module.resource;
          if (!resource || resource.includes(`${path.sep}node_modules${path.sep}`) || resource === SURFACE_PATH || resource === ZOD_SURFACE_PATH) continue;
          for (const dependency of module.dependencies) {
            const routerProblem = describeProblem(dependency, allowed);
            const zodProblem = routerProblem ? null : describeZodProblem(dependency, zodAllowed);
            if (!routerProblem && !zodProblem) continue;
            const error = new compiler.webpack.WebpackError(
              routerProblem
                ? `${routerProblem} React Router is shared as the surface in ${SURFACE_PATH}; import from 'react-router-dom' only names listed there (add a name there if it is needed).`
                : `${zodProblem} zod is shared as the surface in ${ZOD_SURFACE_PATH}; browser code uses 'zod/mini' only through names listed there (add a name there if it is needed).`,
            );
            error.module = module;
            error.loc = dependency.loc;
            compilation.errors.push(error);
          }
        }
      });
    });
  }
}

function describeProblem(dependency, allowed) {
  if (dependency.request === 'react-router' || dependency.request?.startsWith('react-router/')) {
    return `Import of '${dependency.request}'.`;
  }
  if (dependency.request !== 'react-router-dom' || !NAMED_USES.has(dependency.type)) return null;
  const name = dependency.ids?.[0];
  if (!name) return `Namespace use of 'react-router-dom'.`;
  if (!allowed.has(name)) return `'${name}' from 'react-router-dom'.`;
  return null;
}

/** Browser code uses 'zod/mini' only through the shared surface's names. */
function describeZodProblem(dependency, allowed) {
  if (dependency.request !== 'zod/mini' || !NAMED_USES.has(dependency.type)) return null;
  const name = dependency.ids?.[0];
  if (!name) return `Namespace use of 'zod/mini' as a value.`;
  if (!allowed.has(name)) return `'${name}' from 'zod/mini'.`;
  return null;
}

module.exports = { RouterSurfaceGuardPlugin, SURFACE_PATH, ZOD_SURFACE_PATH };
