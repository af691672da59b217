import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migratedClusterImage, migrationsKey } from './pglite-template';

/** A drizzle-kit migrations folder with one migration creating `table`. */
async function migrationsFolder(table: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'agentdock-template-test-'));
  await mkdir(join(folder, 'meta'));
  await writeFile(join(folder, '0000_first.sql'), `CREATE TABLE "${table}" ("id" integer PRIMARY KEY);\n`);
  await writeFile(
    join(folder, 'meta', '_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries: [{ idx: 0, version: '7', when: 1795239695996, tag: '0000_first', breakpoints: true }] }),
  );
  return folder;
}

async function tablesIn(image: Blob): Promise<string[]> {
  const instance = new PGlite({ loadDataDir: image });
  try {
    const result = await instance.query<{ table_name: string }>(`select table_name from information_schema.tables where table_schema = 'public' order by table_name`);
    return result.rows.map((row) => row.table_name);
  } finally {
    await instance.close();
  }
}

describe('migrated PGlite test templates', () => {
  const folders: string[] = [];
  const keys: string[] = [];
  const table = `t_${randomUUID().replaceAll('-', '')}`;

  afterAll(async () => {
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
    const images = (await readdir(tmpdir())).filter((name) => keys.some((key) => name.includes(`-migrated-${key}.tar`)));
    await Promise.all(images.map((name) => rm(join(tmpdir(), name), { force: true })));
  });

  it('keys a template by the content of the migrations, so a changed or added migration is never served stale', async () => {
    const folder = await migrationsFolder(table);
    const twin = await migrationsFolder(table);
    folders.push(folder, twin);
    const key = await migrationsKey(folder);
    expect(await migrationsKey(twin)).toBe(key);

    await writeFile(join(twin, '0000_first.sql'), `CREATE TABLE "${table}" ("id" bigint PRIMARY KEY);\n`);
    expect(await migrationsKey(twin)).not.toBe(key);

    await writeFile(join(folder, '0001_second.sql'), `CREATE TABLE "other" ("id" integer);\n`);
    expect(await migrationsKey(folder)).not.toBe(key);
  });

  it('serves the kit and service migrations applied, and reuses the dump left in the temporary folder', async () => {
    const folder = await migrationsFolder(table);
    folders.push(folder);
    const key = await migrationsKey(folder);
    keys.push(key);

    const image = await migratedClusterImage(folder);
    expect(await tablesIn(image)).toEqual(expect.arrayContaining([table, 'outbox']));
    // The same process asks again: the same dump, not a second migration.
    expect(await migratedClusterImage(folder)).toBe(image);

    // Another jest worker (a fresh module) loads the file instead of migrating: a marker table
    // added to the file on disk shows which one it got.
    const [file] = (await readdir(tmpdir())).filter((name) => name.endsWith(`-migrated-${key}.tar`));
    expect(file).toBeDefined();
    const marked = new PGlite({ loadDataDir: image });
    await marked.exec('create table reused_marker (id integer)');
    await writeFile(join(tmpdir(), file!), Buffer.from(await (await marked.dumpDataDir('none')).arrayBuffer()));
    await marked.close();
    let reloaded: Blob | undefined;
    await jest.isolateModulesAsync(async () => {
      const fresh = await import('./pglite-template');
      reloaded = await fresh.migratedClusterImage(folder);
    });
    expect(await tablesIn(reloaded!)).toEqual(expect.arrayContaining([table, 'reused_marker']));
    // It builds a cluster from scratch (initdb, then every migration) and opens it three times:
    // the one test that pays what the templates save everyone else, slow on a loaded machine.
  }, 180_000);
});
