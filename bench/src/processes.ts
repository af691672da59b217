import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eventually } from '@agentdock/service-kit/testing';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface Started {
  name: string;
  child: ChildProcess;
}

/** Starts one deployable as its own process, the way production runs it. */
export function startProcess(name: string, args: string[], env: Record<string, string>): Started {
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { name, child };
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
