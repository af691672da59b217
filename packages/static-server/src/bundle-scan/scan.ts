// Scans what the static servers would publish from every built front end (<workspace>/dist) for
// secrets and build paths; exits 1 on any finding. Run after `npm run build`: `npm run scan:bundles`.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { isUnpublished } from '../server';
import { scanText } from './findings';

const TEXT_FILES = /\.(?:js|mjs|cjs|css|html|json|txt)$/;

async function* files(folder: string): AsyncGenerator<string> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (TEXT_FILES.test(entry.name) && !isUnpublished(entry.name)) yield path;
  }
}

const root = process.argv[2] ?? process.cwd();
const workspaces = (await readdir(root, { withFileTypes: true })).filter((entry) => entry.isDirectory() && (entry.name === 'shell' || entry.name.startsWith('mfe-')));
let scanned = 0;
const findings = [];
for (const workspace of workspaces) {
  const dist = join(root, workspace.name, 'dist');
  try {
    for await (const file of files(dist)) {
      scanned += 1;
      findings.push(...scanText(relative(root, file), await readFile(file, 'utf8')));
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    console.error(`${workspace.name}: no dist folder (run npm run build first)`);
    process.exitCode = 1;
  }
}
for (const finding of findings) console.error(`${finding.file}: ${finding.rule}: …${finding.excerpt}…`);
console.log(`bundle scan: ${scanned} files in ${workspaces.length} front ends, ${findings.length} findings`);
if (findings.length > 0) process.exitCode = 1;
