const fs = require('node:fs');
const path = require('node:path');
const { installedVersion } = require('./installed-version.cjs');

const PLUGIN = 'FederationManifestPlugin';
const MANIFEST = 'mf-manifest.json';

/** 'react/jsx-runtime' → 'react', '@agentdock/session' → '@agentdock/session'. */
function packageOf(request) {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Writes mf-manifest.json beside a browser build, in the shape of the enhanced plugin's manifest
 * reduced to the build and what it shares: the shell loads the remote entry it names, checks the
 * shared versions and shows the build version; the launcher dates the build by it. Its URL is what
 * /runtime-config.json names, so a remote can move or be redeployed without rebuilding the shell.
 *
 * @param {{ name: string, dir: string, shared: Record<string, { version?: string, singleton?: boolean, requiredVersion?: string }>, remoteEntry?: string }} options
 */
class FederationManifestPlugin {
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    const { name, dir, shared, remoteEntry } = this.options;
    const { version } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap({ name: PLUGIN, stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const manifest = {
          name,
          metaData: {
            // A deploy drill marks its build through the environment, as with the enhanced plugin.
            buildInfo: { buildVersion: process.env.MF_BUILD_VERSION || version, buildName: name },
            // The shell has no container: its manifest only dates its build for the launcher.
            remoteEntry: { name: remoteEntry ?? '', path: '', type: 'global' },
            publicPath: compiler.options.output.publicPath,
          },
          shared: Object.entries(shared).map(([request, config]) => ({
            name: request,
            version: config.version ?? installedVersion(packageOf(request), dir),
            singleton: Boolean(config.singleton),
            requiredVersion: config.requiredVersion,
          })),
        };
        compilation.emitAsset(MANIFEST, new compiler.webpack.sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`));
      });
    });
  }
}

module.exports = { FederationManifestPlugin };
