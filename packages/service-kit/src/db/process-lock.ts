import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no cross-process lock: two processes on one data folder would corrupt it. A pid file
 * refuses the second one with `busyMessage`; a stale file from a crashed run is taken over, and
 * the same process may take it again. Resolves to the release function.
 */
export async function acquireProcessLock(lockFile: string, busyMessage: (holderPid: number) => string): Promise<() => Promise<void>> {
  if (existsSync(lockFile)) {
    const holder = Number.parseInt(await readFile(lockFile, 'utf8'), 10);
    if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) throw new Error(busyMessage(holder));
  }
  await writeFile(lockFile, String(process.pid));
  return () => rm(lockFile, { force: true });
}
