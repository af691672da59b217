import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from './database';

describe('an embedded database folder is used by one process at a time', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'kit-lock-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('refuses a folder another live process holds, and says which', async () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      const dataDir = join(root, 'held');
      await writeFile(`${dataDir}.pid`, String(holder.pid));
      await expect(openDatabase({ target: { dataDir }, schema: {} })).rejects.toThrow(`open in process ${holder.pid}`);
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      holder.kill();
    }
  });

  it('takes over the lock of a process that is gone, and releases it on close', async () => {
    const dataDir = join(root, 'stale');
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    await writeFile(`${dataDir}.pid`, String(gone.pid));

    const database = await openDatabase({ target: { dataDir }, schema: {} });
    expect(await readFile(`${dataDir}.pid`, 'utf8')).toBe(String(process.pid));
    await database.close();
    expect(existsSync(`${dataDir}.pid`)).toBe(false);
  }, 60_000);
});
