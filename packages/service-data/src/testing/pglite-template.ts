import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { kitMigrationsFolder, migratePgliteInstance } from '../db/database';

/**
 * A dump of a freshly initialised PGlite data directory, made once per machine and PGlite
 * version and kept in the system's temporary folder. Every in-memory test database starts from
 * it: an instance loaded from a dump skips initdb, which is most of the three to five seconds
 * of CPU a new instance costs, and a test run opens well over a hundred of them.
 */
export function emptyClusterImage(): Promise<Blob> {
  return cachedImage(`agentdock-pglite-${pgliteVersion()}-empty.tar`, async () => {
    const instance = new PGlite();
    try {
      await instance.waitReady;
      return await instance.dumpDataDir('none');
    } finally {
      await instance.close();
    }
  });
}

/**
 * A dump of the empty cluster with the kit's migrations and those of `migrationsFolder` applied,
 * made once per content of those migrations: the first API test of a service migrates, every
 * later test database of any jest worker loads the result, and its own migration run finds
 * nothing to do. A changed or added migration file changes the key, so a stale schema is never
 * loaded.
 */
export async function migratedClusterImage(migrationsFolder: string): Promise<Blob> {
  const key = await migrationsKey(migrationsFolder);
  return cachedImage(`agentdock-pglite-${pgliteVersion()}-migrated-${key}.tar`, async () => {
    const instance = new PGlite({ loadDataDir: await emptyClusterImage() });
    try {
      await instance.waitReady;
      await migratePgliteInstance(instance, migrationsFolder);
      return await instance.dumpDataDir('none');
    } finally {
      await instance.close();
    }
  });
}

/** Hash of the PGlite version and of every file (path and bytes) in the kit's and the service's migrations. */
export async function migrationsKey(migrationsFolder: string): Promise<string> {
  const hash = createHash('sha256').update(pgliteVersion());
  for (const [index, folder] of [kitMigrationsFolder, resolve(migrationsFolder)].entries()) {
    hash.update(`\0folder\0${index}`);
    for (const file of await filesUnder(folder)) {
      hash.update(`\0file\0${relative(folder, file)}\0`);
      hash.update(await readFile(file));
    }
  }
  return hash.digest('hex').slice(0, 32);
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** One promise per image and process; one file per image and machine, shared by parallel jest workers. */
const images = new Map<string, Promise<Blob>>();

function cachedImage(name: string, make: () => Promise<Blob>): Promise<Blob> {
  let image = images.get(name);
  if (!image) {
    image = loadOrCreate(join(tmpdir(), name), make);
    images.set(name, image);
    image.catch(() => images.delete(name));
  }
  return image;
}

async function loadOrCreate(file: string, make: () => Promise<Blob>): Promise<Blob> {
  try {
    return new Blob([await readFile(file)]);
  } catch {
    const image = await make();
    // Written aside and renamed, so a parallel jest worker never reads half a file.
    const partial = `${file}.${randomUUID()}`;
    await writeFile(partial, Buffer.from(await image.arrayBuffer()));
    await rename(partial, file);
    return image;
  }
}

/** The dump's format is PGlite's own: a dump made by another version is not reused. */
function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}
