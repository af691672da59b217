// Helpers for services' integration tests. Each test gets its own database and event stream:
// PGlite in memory and the in-process bus by default; a fresh PostgreSQL database and a fresh
// JetStream stream when TEST_DATABASE_URL / TEST_NATS_URL are set (dropped afterwards).
import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GATEWAY_SECRET_HEADER, type Logger } from '@agentdock/service-kit';
import { testLogger } from '@agentdock/service-kit/testing';
import pg from 'pg';
import { type Database, type DatabaseOptions, type DatabaseTarget, openDatabase } from '../db/database';
import type { EventBus } from '../events/bus';
import { InProcessBus } from '../events/in-process-bus';
import { JetStreamBus } from '../events/jetstream-bus';
import { type RunningService, type ServiceDefinition, startService } from '../service';
import { emptyClusterImage, migratedClusterImage } from './pglite-template';

export interface TestDatabase {
  target: DatabaseTarget;
  drop(): Promise<void>;
}

/**
 * A throwaway database. On PGlite, given the service's migrations folder it starts with the kit's
 * and the service's migrations already applied (a dump made once, see `migratedClusterImage`);
 * without one it starts empty.
 */
export async function createTestDatabase(options: { migrationsFolder?: string } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const image = options.migrationsFolder ? await migratedClusterImage(options.migrationsFolder) : await emptyClusterImage();
    return { target: { initialData: image }, drop: async () => undefined };
  }
  const name = `agentdock_test_${randomUUID().replaceAll('-', '')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    target: { url: url.toString() },
    drop: () => withAdminClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

/** A database that keeps its data across opens (PGlite on disk, or a fresh PostgreSQL database): for tests that close and reopen it, such as a migration's. */
export async function durableDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DATABASE_URL) return createTestDatabase();
  const folder = await mkdtemp(join(tmpdir(), 'agentdock-durable-db-'));
  return { target: { dataDir: join(folder, 'db') }, drop: () => rm(folder, { recursive: true, force: true }) };
}

/** A copy of a migrations folder as it was before `tag` (journal cut there), so a test can start from that state. */
export async function migrationsBefore(migrations: string, tag: string): Promise<{ folder: string; remove: () => Promise<void> }> {
  const folder = await mkdtemp(join(tmpdir(), 'agentdock-migrations-'));
  await cp(migrations, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  if (cut < 0) throw new Error(`No migration ${tag} in ${migrations}`);
  journal.entries = journal.entries.slice(0, cut);
  await writeFile(journalPath, JSON.stringify(journal));
  return { folder, remove: () => rm(folder, { recursive: true, force: true }) };
}

/**
 * A throwaway database with `schema` migrated in and open, for domain functions called directly;
 * `close` also drops it.
 */
export async function openTestDatabase<TSchema extends Record<string, unknown>>(options: Omit<DatabaseOptions<TSchema>, 'target'>): Promise<Database<TSchema>> {
  const testDatabase = await createTestDatabase({ migrationsFolder: options.migrationsFolder });
  const database = await openDatabase({ ...options, target: testDatabase.target });
  return {
    ...database,
    close: async () => {
      await database.close();
      await testDatabase.drop();
    },
  };
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface TestBus {
  bus: EventBus;
  destroy(): Promise<void>;
}

export async function createTestBus(logger: Logger = testLogger()): Promise<TestBus> {
  const servers = process.env.TEST_NATS_URL;
  if (!servers) {
    const bus = new InProcessBus({ logger });
    return { bus, destroy: () => bus.close() };
  }
  const suffix = randomUUID().replaceAll('-', '').slice(0, 12);
  const bus = await JetStreamBus.connect({ servers, logger, stream: `TEST_${suffix}`, namespace: `t${suffix}` });
  return {
    bus,
    destroy: async () => {
      await bus.destroyStream();
      await bus.close();
    },
  };
}

export interface TestService<TSchema extends Record<string, unknown>> extends RunningService<TSchema> {
  /** Stops the service and drops its database (the bus belongs to the caller). */
  cleanup(): Promise<void>;
}

/** What the tests' services share with the gateway they pretend to be behind (see gatewayHeaders). */
export const TEST_GATEWAY_SECRET = 'test-gateway-secret-0123456789';

/** Headers of a request as the gateway forwards it, naming `clientIp` as the client. */
export const gatewayHeaders = (clientIp?: string): Record<string, string> => ({
  [GATEWAY_SECRET_HEADER]: TEST_GATEWAY_SECRET,
  ...(clientIp ? { 'x-forwarded-for': clientIp } : {}),
});

/** Starts a service on a free port against a throwaway database. */
export async function startTestService<TSchema extends Record<string, unknown>, TDeps>(
  definition: ServiceDefinition<TSchema, TDeps>,
  /** `adminRequireMfa` is off unless a test asks for it, as in the embedded default. */
  options: { bus: EventBus; jwksUrl?: string; database?: TestDatabase; adminRequireMfa?: boolean; gatewaySecret?: string },
): Promise<TestService<TSchema>> {
  const database = options.database ?? (await createTestDatabase({ migrationsFolder: definition.migrationsFolder }));
  const service = await startService(definition, {
    port: 0,
    host: '127.0.0.1',
    database: database.target,
    bus: options.bus,
    logger: testLogger(),
    jwksUrl: options.jwksUrl ?? 'http://127.0.0.1:9/jwks-not-configured-in-this-test',
    adminRequireMfa: options.adminRequireMfa ?? false,
    gatewaySecret: options.gatewaySecret ?? TEST_GATEWAY_SECRET,
    relayPollIntervalMs: 100,
  });
  return {
    ...service,
    cleanup: async () => {
      await service.stop();
      await database.drop();
    },
  };
}
export { parseCsv } from './csv';
