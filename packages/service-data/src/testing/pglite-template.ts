import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * A dump of a freshly initialised PGlite data directory, made once per machine and PGlite
 * version and kept in the system's temporary folder. Every in-memory test database starts from
 * it: an instance loaded from a dump skips initdb, which is most of the three to five seconds
 * of CPU a new instance costs, and a test run opens well over a hundred of them.
 */
export function emptyClusterImage(): Promise<Blob> {
  cached ??= loadOrCreate().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

let cached: Promise<Blob> | undefined;

async function loadOrCreate(): Promise<Blob> {
  const file = join(tmpdir(), `agentdock-pglite-${pgliteVersion()}-empty.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    const instance = new PGlite();
    try {
      await instance.waitReady;
      const image = await instance.dumpDataDir('none');
      // Written aside and renamed, so a parallel jest worker never reads half a file.
      const partial = `${file}.${randomUUID()}`;
      await writeFile(partial, Buffer.from(await image.arrayBuffer()));
      await rename(partial, file);
      return image;
    } finally {
      await instance.close();
    }
  }
}

/** The dump's format is PGlite's own: a dump made by another version is not reused. */
function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}
