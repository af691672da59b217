#!/usr/bin/env node
// `npm run build` of a server workspace: src/**/*.ts → dist/**/*.js (with source maps), for
// production images that run plain `node` instead of tsx. TypeScript 7 has no JS API and its tsc
// emits import specifiers as written, while Node's ESM loader needs `./config/index.js` where the
// sources say `./config`; swc transpiles and, with resolveFully, writes the specifiers out in full.
// Type-checking stays with `npm run typecheck`. Tests and test helpers (src/testing) are left out.
import { copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { transformFile } from '@swc/core';

const root = process.cwd();
const srcDir = resolve(root, 'src');
const outDir = resolve(root, 'dist');

/** Sources that end up in a running process: not tests, declarations or the test helpers. */
async function* sources(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'testing') yield* sources(path);
    } else if (/\.(ts|json)$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name)) {
      yield path;
    }
  }
}

await rm(outDir, { recursive: true, force: true });
let count = 0;
for await (const file of sources(srcDir)) {
  if (file.endsWith('.json')) {
    // Imported with `with { type: 'json' }`; Node reads it as it is.
    const copy = join(outDir, relative(srcDir, file));
    await mkdir(dirname(copy), { recursive: true });
    await copyFile(file, copy);
    continue;
  }
  const target = join(outDir, relative(srcDir, file)).replace(/\.ts$/, '.js');
  const { code, map } = await transformFile(file, {
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022', baseUrl: srcDir, keepClassNames: true, experimental: { keepImportAttributes: true } },
    module: { type: 'es6', resolveFully: true },
    sourceMaps: true,
    // The map points back at the .ts file so stack traces (node --enable-source-maps) name the source.
    sourceFileName: relative(dirname(target), file),
  });
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, `${code}\n//# sourceMappingURL=${target.split('/').pop()}.map\n`);
  if (map) await writeFile(`${target}.map`, map);
  count += 1;
}
process.stdout.write(`${relative(process.cwd(), outDir) || 'dist'}: ${count} files compiled\n`);
