import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no cross-process lock: two launchers on one data folder would corrupt it. A pid file
 * refuses the second one with a clear message; a stale file from a crashed run is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const lockFile = join(dataDir, 'launcher.pid');
  if (existsSync(lockFile)) {
    const holder = Number.parseInt(await readFile(lockFile, 'utf8'), 10);
    if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
      throw new Error(`Another Agentdock (process ${holder}) is already using ${dataDir}. Stop it first, or set AGENTDOCK_DATA_DIR to another folder.`);
    }
  }
  await writeFile(lockFile, String(process.pid));
  return () => rm(lockFile, { force: true });
}
