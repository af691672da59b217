import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from './database';
import { acquireProcessLock } from './process-lock';

// Each test opens a PGlite cluster on disk from scratch (initdb, no template): seconds of CPU each.
jest.setTimeout(180_000);

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

describe('acquireProcessLock', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'kit-lock-race-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('lets exactly one of several processes starting at once take the lock', async () => {
    const lockFile = join(root, 'race.pid');
    // Each child tries once at the same moment and prints whether it got the lock.
    const moduleUrl = new URL('./process-lock.ts', `file://${__filename}`).href;
    const script = `
      const { acquireProcessLock } = await import(${JSON.stringify(moduleUrl)});
      const start = ${Date.now() + 1500};
      while (Date.now() < start) {}
      try { await acquireProcessLock(${JSON.stringify(lockFile)}, (pid) => 'busy ' + pid); console.log('got'); setTimeout(() => {}, 1500); }
      catch (error) { console.log(String(error.message)); }
    `;
    const outputs = await Promise.all(
      Array.from({ length: 4 }, () => {
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        return new Promise<string>((resolve) => child.on('exit', () => resolve(output.trim())));
      }),
    );
    expect(outputs.filter((output) => output === 'got')).toHaveLength(1);
    expect(outputs.filter((output) => output.startsWith('busy '))).toHaveLength(3);
  }, 60_000);

  it('takes over a lock file that was never written (its creator crashed before writing)', async () => {
    const lockFile = join(root, 'empty.pid');
    await writeFile(lockFile, '');
    const release = await acquireProcessLock(lockFile, () => 'busy');
    expect(await readFile(lockFile, 'utf8')).toBe(String(process.pid));
    await release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('lets the process that holds the lock take it again', async () => {
    const lockFile = join(root, 'again.pid');
    await acquireProcessLock(lockFile, () => 'busy');
    const release = await acquireProcessLock(lockFile, () => 'busy');
    expect(await readFile(lockFile, 'utf8')).toBe(String(process.pid));
    await release();
  });
});
