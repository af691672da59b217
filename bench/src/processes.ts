import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { eventually } from '@agentdock/service-kit/testing';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface Started {
  name: string;
  child: ChildProcess;
}

// As `npm start` and the images run node: V8's helper threads sized to the machine's spare cores.
const PRODUCTION_NODE_FLAGS = ['--v8-pool-size=0'];

/**
 * Starts one deployable as its own process, the way production runs it. With `readStdout` its
 * standard output is kept for `firstLine`, with `inheritStdout` printed as the bench's own,
 * otherwise dropped.
 */
export function startProcess(name: string, args: string[], env: Record<string, string>, { readStdout = false, inheritStdout = false } = {}): Started {
  const child = spawn(process.execPath, [...PRODUCTION_NODE_FLAGS, ...args], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', readStdout ? 'pipe' : inheritStdout ? 'inherit' : 'ignore', 'inherit'],
  });
  return { name, child };
}

/** The first line a process started with `readStdout` prints; rejects if it exits first. */
export function firstLine({ name, child }: Started): Promise<string> {
  if (!child.stdout) throw new Error(`${name} was started without readStdout`);
  const lines = createInterface({ input: child.stdout });
  return new Promise((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`${name} exited (code ${code}) before printing a line`));
    child.once('exit', exited);
    lines.once('line', (line) => {
      child.off('exit', exited);
      lines.close();
      resolve(line);
    });
  });
}

/** Resolves once `url` answers 200 (fetch fails until the process listens). */
export async function waitForOk(url: string, timeoutMs = 60_000): Promise<void> {
  await eventually(async () => (await fetch(url)).ok, timeoutMs);
}

export async function stopAll(started: Started[]): Promise<void> {
  await Promise.all(
    started.map(
      ({ child }) =>
        new Promise<void>((done) => {
          if (child.exitCode !== null) return done();
          child.once('exit', () => done());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
        }),
    ),
  );
}
