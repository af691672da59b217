import { type ChildProcess, spawn } from 'node:child_process';

export interface RunningProcess {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr together. */
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Runs a service's TypeScript entry point (`src/main.ts`, a CLI) as production does: its own
 * process, configured only by `env` (plus PATH and a quiet log level).
 */
export function runServiceProcess(serviceDir: string, script: string, args: string[], env: Record<string, string>): RunningProcess {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: serviceDir, env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env } });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { child, output: () => output, exited: new Promise((resolve) => child.on('exit', resolve)) };
}
