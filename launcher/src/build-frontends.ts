import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type Frontend, FRONTENDS, repoRoot, SHARED_FRONTEND_SOURCES } from './paths';

async function newestMtime(path: string): Promise<number> {
  if (!existsSync(path)) return 0;
  const info = await stat(path);
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(path);
  const times = await Promise.all(entries.map((entry) => newestMtime(join(path, entry))));
  return Math.max(info.mtimeMs, ...times);
}

const manifestPath = (frontend: Frontend) => join(repoRoot, frontend, 'dist', 'mf-manifest.json');

/** A front end needs a build when it has none, or when any of its sources is newer than it. */
async function isStale(frontend: Frontend): Promise<boolean> {
  const manifest = manifestPath(frontend);
  if (!existsSync(manifest)) return true;
  const builtAt = (await stat(manifest)).mtimeMs;
  const sources = [join(frontend, 'src'), join(frontend, 'webpack.config.cjs'), join(frontend, 'package.json'), ...SHARED_FRONTEND_SOURCES];
  const newest = Math.max(...(await Promise.all(sources.map((source) => newestMtime(join(repoRoot, source))))));
  return newest > builtAt;
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

/** Builds the front ends that are missing or out of date; prints what it does. */
export async function buildStaleFrontends(log: (line: string) => void): Promise<void> {
  const stale: Frontend[] = [];
  for (const frontend of FRONTENDS) if (await isStale(frontend)) stale.push(frontend);
  if (stale.length === 0) return;
  log(`Building ${stale.join(', ')} (first start or changed sources)…`);
  for (const [index, frontend] of stale.entries()) {
    log(`  [${index + 1}/${stale.length}] ${frontend}`);
    await run('npm', ['run', 'build', '--silent', '-w', `@agentdock/${frontend}`, '--', '--stats=errors-warnings']);
  }
}
