#!/usr/bin/env node
// The production images' build steps for one deployable workspace and the workspaces it uses at
// run time (its @agentdock/* dependencies, followed through theirs):
//   node docker/workspace.mjs build <name>        compiles each of them (their `build` script)
//   node docker/workspace.mjs stage <name> <out>  copies what runs into <out>: the manifests, each
//                                                 workspace's `files` (dist, migrations, assets) and
//                                                 the installed packages they need at run time
// Sources, tests and the other workspaces stay behind.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const [command, name, out] = process.argv.slice(2);
if (!['build', 'stage'].includes(command) || !name || (command === 'stage' && !out)) {
  console.error('usage: node docker/workspace.mjs build <workspace name> | stage <workspace name> <out dir>');
  process.exit(2);
}

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const root = readJson('package.json');

/** Workspace name → folder, from the root manifest's `workspaces` (folders or `folder/*`). */
const folders = new Map();
for (const pattern of root.workspaces) {
  const dirs = pattern.endsWith('/*')
    ? readdirSync(pattern.slice(0, -2), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => join(pattern.slice(0, -2), entry.name))
    : [pattern];
  for (const dir of dirs) if (existsSync(join(dir, 'package.json'))) folders.set(readJson(join(dir, 'package.json')).name, dir);
}

/** The workspace and, transitively, every workspace among its run-time dependencies. */
function closure(start) {
  const seen = new Map();
  const visit = (workspace) => {
    if (seen.has(workspace)) return;
    const dir = folders.get(workspace);
    if (!dir) throw new Error(`${workspace} is not a workspace of this repository`);
    const manifest = readJson(join(dir, 'package.json'));
    seen.set(workspace, { dir, manifest });
    for (const dependency of Object.keys(manifest.dependencies ?? {})) if (folders.has(dependency)) visit(dependency);
  };
  visit(start);
  return [...seen.values()];
}

const workspaces = closure(name);
if (command === 'build') {
  for (const { dir, manifest } of workspaces) {
    if (!manifest.scripts?.build) throw new Error(`${manifest.name} has no build script: plain node cannot run its TypeScript`);
    execFileSync('npm', ['run', 'build', '--workspace', dir], { stdio: 'inherit' });
  }
} else {
  mkdirSync(out, { recursive: true });
  const copy = (path) => cpSync(path, join(out, path), { recursive: true, verbatimSymlinks: true });
  copy('package.json');
  for (const { dir, manifest } of workspaces) {
    copy(join(dir, 'package.json'));
    for (const path of manifest.files ?? []) if (existsSync(join(dir, path))) copy(join(dir, path));
    const link = join('node_modules', manifest.name);
    if (existsSync(link)) copy(link);
  }
  const packages = runtimePackages(workspaces);
  for (const path of packages) copy(path);
  console.log(`staged ${workspaces.map(({ dir }) => dir).join(', ')} and ${packages.size} packages in ${out}`);
}

/**
 * The installed packages the workspaces need at run time: their dependencies, followed through
 * each package's dependencies, optional and (non-optional) peer dependencies, found the way Node
 * finds them (the nearest node_modules up the tree). npm cannot do this itself: `--omit=dev` goes
 * by the lockfile, where a package is "dev" only if no workspace at all uses it at run time.
 */
function runtimePackages(roots) {
  const found = new Set();
  const visit = (fromDir, manifest) => {
    const optionalPeers = manifest.peerDependenciesMeta ?? {};
    const wanted = [
      ...Object.keys(manifest.dependencies ?? {}).map((dependency) => [dependency, true]),
      ...Object.keys(manifest.optionalDependencies ?? {}).map((dependency) => [dependency, false]),
      ...Object.keys(manifest.peerDependencies ?? {})
        .filter((peer) => !optionalPeers[peer]?.optional)
        .map((peer) => [peer, false]),
    ];
    for (const [dependency, required] of wanted) {
      if (folders.has(dependency)) continue; // a workspace: in the closure already
      const dir = locate(fromDir, dependency);
      if (!dir) {
        if (required) throw new Error(`${dependency} (needed by ${manifest.name}) is not installed`);
        continue;
      }
      if (found.has(dir)) continue;
      found.add(dir);
      visit(dir, readJson(join(dir, 'package.json')));
    }
  };
  for (const { dir, manifest } of roots) visit(dir, manifest);
  return found;
}

function locate(fromDir, dependency) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', dependency);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === '.' || dir === '') return undefined;
  }
}
