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
 *
 * The file is created with the `wx` flag (fails if it exists), so of two processes starting at
 * the same moment exactly one creates it; checking first and writing after would let both pass.
 */
export async function acquireProcessLock(lockFile: string, busyMessage: (holderPid: number) => string): Promise<() => Promise<void>> {
  let holder = Number.NaN;
  for (let round = 0; round < 5; round += 1) {
    try {
      await writeFile(lockFile, String(process.pid), { flag: 'wx' });
      return () => rm(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    holder = Number.parseInt(await readFile(lockFile, 'utf8').catch(() => ''), 10);
    if (!Number.isInteger(holder) && round < 2) {
      // Created but not yet written by a process starting right now: give it a moment.
      await new Promise((resolve) => setTimeout(resolve, 50));
      continue;
    }
    if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) throw new Error(busyMessage(holder));
    // Ours from an earlier open, left by a process that is gone, or never written: take it over.
    await rm(lockFile, { force: true });
  }
  // Another process keeps replacing the file as fast as this one removes it.
  throw new Error(busyMessage(holder));
}
