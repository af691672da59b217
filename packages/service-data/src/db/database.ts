import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions, types as pgTypes } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Logger } from '@agentdock/service-kit';
import { PatientPool } from './patient-pool';
import { pgliteNamedStatementRunner, runNamedStatement } from './pglite-named-statements';
import { acquireProcessLock } from './process-lock';

/**
 * The one query layer every service uses. Both drivers give a drizzle `PgDatabase`, so services
 * write the same queries and migrations for PostgreSQL (production) and PGlite (embedded default).
 * A transaction handle is a `Db` too: functions that take `Db` work inside and outside one.
 */
export type Db<TSchema extends Record<string, unknown> = Record<string, unknown>> = PgDatabase<PgQueryResultHKT, TSchema>;

declare const openTransaction: unique symbol;

/**
 * A handle inside an open transaction. Only `ServiceContext.transaction` (which relays the events
 * the work enqueued as soon as it commits) and `inTransaction` hand one out, and the calls that
 * must run inside one (writing an event to the outbox, locking a row) ask for it: given the root
 * handle, they do not compile, so an event can never be written outside the change it describes.
 */
export type Tx<TSchema extends Record<string, unknown> = Record<string, unknown>> = Db<TSchema> & { readonly [openTransaction]: true };

/**
 * Runs `work` in one transaction on `db`. Service code uses `ServiceContext.transaction`, which
 * also wakes the outbox relay; this is for the kit itself and for tests that build a context.
 */
export function inTransaction<TSchema extends Record<string, unknown>, T>(db: Db<TSchema>, work: (tx: Tx<TSchema>) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Tx<TSchema>));
}

export type DatabaseTarget =
  /** A PostgreSQL connection string: production and the PostgreSQL test variant. */
  | { url: string }
  /** A PGlite data directory; omitted means in-memory (tests). */
  | { dataDir?: string }
  /**
   * In-memory PGlite started from a dump of a data directory (`PGlite.dumpDataDir`): skips the
   * initdb every new instance otherwise runs, about three seconds of CPU each (tests).
   */
  | { initialData: Blob };

export interface DatabaseOptions<TSchema extends Record<string, unknown>> {
  target: DatabaseTarget;
  schema: TSchema;
  /** The service's own drizzle-kit migrations folder (none: only the kit's tables). */
  migrationsFolder?: string;
  /** Pool size for PostgreSQL; PGlite runs one query at a time regardless. */
  poolSize?: number;
  /** PostgreSQL: how long a query waits for a database that refuses connections (a restart) before failing; default 5 s. */
  connectPatienceMs?: number;
  /** Where errors of idle pooled connections are reported (default: standard error). */
  logger?: Pick<Logger, 'error'>;
}

export interface Database<TSchema extends Record<string, unknown>> {
  db: Db<TSchema>;
  driver: 'postgres' | 'pglite';
  /** Readiness probe: resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const kitMigrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), '../../migrations');
/** The kit's tables keep their own migration journal so they never collide with a service's. */
const kitMigrationsTable = '__kit_migrations';

/** Opens the service database on the chosen driver and brings its schema up to date. */
export async function openDatabase<TSchema extends Record<string, unknown>>(options: DatabaseOptions<TSchema>): Promise<Database<TSchema>> {
  const target = options.target;
  const opened =
    'url' in target
      ? await openPostgres(options, target.url)
      : 'initialData' in target
        ? await pgliteDriver(options, openPgliteClient({ loadDataDir: target.initialData }), async () => undefined)
        : await openPglite(options, target.dataDir);
  try {
    await opened.migrate({ migrationsFolder: kitMigrationsFolder, migrationsTable: kitMigrationsTable });
    if (options.migrationsFolder) await opened.migrate({ migrationsFolder: options.migrationsFolder });
  } catch (error) {
    await opened.close();
    throw error;
  }
  return {
    db: opened.db,
    driver: opened.driver,
    ping: async () => {
      await opened.db.execute(sql`select 1`);
    },
    close: opened.close,
  };
}

/**
 * Brings a bare PGlite instance's schema up to date as `openDatabase` does (the kit's tables,
 * then the service's), for the test templates that are dumped once migrated.
 */
export async function migratePgliteInstance(client: PGlite, migrationsFolder?: string): Promise<void> {
  const db = drizzlePglite({ client });
  await migratePglite(db, { migrationsFolder: kitMigrationsFolder, migrationsTable: kitMigrationsTable });
  if (migrationsFolder) await migratePglite(db, { migrationsFolder });
}

interface OpenedDriver<TSchema extends Record<string, unknown>> {
  db: Db<TSchema>;
  driver: Database<TSchema>['driver'];
  migrate(config: { migrationsFolder: string; migrationsTable?: string }): Promise<void>;
  close(): Promise<void>;
}

async function openPostgres<TSchema extends Record<string, unknown>>(options: DatabaseOptions<TSchema>, url: string): Promise<OpenedDriver<TSchema>> {
  const max = options.poolSize ?? 10;
  // Connections once opened are kept (min = max), not closed after node-postgres's 10 s of idleness:
  // the first burst after a lull would otherwise wait while the pool opens them again (a backend
  // forked, authenticated, its catalog cache cold, every named statement planned anew), which
  // held the first requests of a burst for hundreds of milliseconds. A connection the server
  // ends is still replaced. (Nor does every release arm an idle timer any more.)
  const pool = new PatientPool({ connectionString: url, max, min: max }, options.connectPatienceMs);
  // An idle client that loses its server (a restart, a failover, an admin ending sessions) must
  // not crash the process, and the pool replaces it; but the cause is what an operator needs when
  // queries start failing, so it is logged rather than dropped.
  pool.on('error', (error) => {
    if (options.logger) options.logger.error({ err: error }, 'idle PostgreSQL connection failed; the pool replaces it');
    else console.error('idle PostgreSQL connection failed; the pool replaces it:', error);
  });
  // Nor may one that loses it while checked out between two statements (a transaction): the pool
  // does not listen on those, and an unheard 'error' event kills the process. The statement that
  // uses it next fails, and the pool discards the client when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg({ client: pool, schema: options.schema });
  return {
    db: db as unknown as Db<TSchema>,
    driver: 'postgres',
    migrate: (config) => migratePg(db, config),
    close: () => pool.end(),
  };
}

async function openPglite<TSchema extends Record<string, unknown>>(options: DatabaseOptions<TSchema>, dataDir: string | undefined): Promise<OpenedDriver<TSchema>> {
  if (!dataDir) return pgliteDriver(options, openPgliteClient(), async () => undefined);
  const folder = resolve(dataDir);
  // PGlite creates only the last folder of its path.
  await mkdir(dirname(folder), { recursive: true });
  // Any process opening this folder (a service, the launcher, make-admin) takes the lock first.
  const unlock = await acquireProcessLock(
    `${folder}.pid`,
    (holder) => `The embedded database in ${folder} is open in process ${holder}. Stop that process (npm start, or a service using this folder) first.`,
  );
  try {
    return await pgliteDriver(options, openPgliteClient({ dataDir: folder }), unlock);
  } catch (error) {
    await unlock();
    throw error;
  }
}

/**
 * The types drizzle reads as text and converts itself (dates, times, intervals, numerics, and
 * arrays of them). Its PGlite driver asks for them with every query, and PGlite then copies its
 * whole parser table to merge them in: an entry for the array type of every table, most of the CPU
 * a short query costs. The instance gets them once instead, and the queries go without.
 */
const DRIZZLE_TEXT_TYPES = [pgTypes.TIMESTAMP, pgTypes.TIMESTAMPTZ, pgTypes.INTERVAL, pgTypes.DATE, 1231, 1115, 1185, 1187, 1182];

function openPgliteClient(options: PGliteOptions = {}): PGlite {
  return new PGlite({ ...options, parsers: Object.fromEntries(DRIZZLE_TEXT_TYPES.map((type) => [type, (value: string) => value])) });
}

type QueryOptions = { parsers?: unknown } | undefined;

/**
 * `client` (the instance `pg`, or a transaction of it) with each query's own parsers dropped (the
 * instance's are the same), and its runner of named statements under `runNamedStatement`.
 */
function withoutQueryParsers<T extends object>(client: T, pg: PGlite, inTransaction = false): T {
  const runner = pgliteNamedStatementRunner(pg, inTransaction);
  return new Proxy(client, {
    get(target, property) {
      if (property === runNamedStatement) return runner;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (property === 'query')
        return (query: string, params?: unknown[], queryOptions?: QueryOptions) => value.call(target, query, params, queryOptions && { ...queryOptions, parsers: undefined });
      if (property === 'transaction') return (work: (tx: object) => Promise<unknown>) => value.call(target, (tx: object) => work(withoutQueryParsers(tx, pg, true)));
      return value.bind(target);
    },
  });
}

async function pgliteDriver<TSchema extends Record<string, unknown>>(
  options: DatabaseOptions<TSchema>,
  client: PGlite,
  unlock: () => Promise<void>,
): Promise<OpenedDriver<TSchema>> {
  await client.waitReady;
  const db = drizzlePglite({ client: withoutQueryParsers(client, client), schema: options.schema });
  return {
    db: db as unknown as Db<TSchema>,
    driver: 'pglite',
    migrate: (config) => migratePglite(db, config),
    close: async () => {
      await client.close();
      await unlock();
    },
  };
}

/** SQLSTATE of a failed query; drizzle wraps driver errors and keeps the original as `cause`. */
function sqlState(error: unknown): string | undefined {
  const candidates = [error, (error as { cause?: unknown } | undefined)?.cause];
  for (const candidate of candidates) {
    const code = (candidate as { code?: unknown } | undefined)?.code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

const UNIQUE_VIOLATION = '23505';

/** Runs a write, turning a unique-constraint violation into the domain's conflict error (a 409, not a 500). */
export async function onUniqueViolation<T>(write: () => Promise<T>, conflict: () => Error): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw conflict();
    throw error;
  }
}
