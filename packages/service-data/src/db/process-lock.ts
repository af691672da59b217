import { randomUUID } from 'node:crypto';
import { link, readFile, rm, writeFile } from 'node:fs/promises';

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
 * The pid is written to a file of this process's own first and then hard-linked into place: the
 * link fails if the lock file exists, so of two processes starting at the same moment exactly one
 * gets it, and the lock file never exists without its pid in it (a file created with `wx` and
 * written after is empty for a moment, long enough on a loaded machine for a second process to
 * take it for a crashed one's and remove it).
 */
export async function acquireProcessLock(lockFile: string, busyMessage: (holderPid: number) => string): Promise<() => Promise<void>> {
  const ownFile = `${lockFile}.${process.pid}.${randomUUID()}`;
  await writeFile(ownFile, String(process.pid));
  try {
    let holder = Number.NaN;
    for (let round = 0; round < 5; round += 1) {
      try {
        await link(ownFile, lockFile);
        return () => rm(lockFile, { force: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      holder = Number.parseInt(await readFile(lockFile, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) throw new Error(busyMessage(holder));
      // Ours from an earlier open, left by a process that is gone, or unreadable: take it over.
      await rm(lockFile, { force: true });
    }
    // Another process keeps replacing the file as fast as this one removes it.
    throw new Error(busyMessage(holder));
  } finally {
    await rm(ownFile, { force: true });
  }
}
