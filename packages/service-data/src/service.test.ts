import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { userSuspendedV1 } from '@agentdock/contracts';
import { loadConfig } from '@agentdock/service-kit';
import { eventually, testLogger } from '@agentdock/service-kit/testing';
import { sql } from 'drizzle-orm';
import { type ServiceDefinition, serviceEnvSchema, startService } from './service';
import { createTestBus, createTestDatabase } from './testing';

/** A service that only records the user-suspended events it consumes into `received`. */
function probeService(name: string, received: string[]): ServiceDefinition<Record<string, never>> {
  return {
    name,
    defaultPort: 0,
    schema: {},
    migrationsFolder: '',
    mount() {},
    consumers: () => [{ durable: `${name}-probe`, subject: userSuspendedV1.subject, handler: async (envelope) => void received.push(envelope.id) }],
  };
}

/** What `startService` needs besides the port, on a test bus and database. */
function runtimeOn(bus: Awaited<ReturnType<typeof createTestBus>>, database: Awaited<ReturnType<typeof createTestDatabase>>) {
  return { host: '127.0.0.1', database: database.target, bus: bus.bus, logger: testLogger(), jwksUrl: 'http://127.0.0.1:9/jwks.json', adminRequireMfa: true };
}

describe(`startService (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('stops the consumers it started when the service cannot start', async () => {
    const bus = await createTestBus();
    const database = await createTestDatabase();
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const received: string[] = [];
    const definition = probeService('svc-unstartable', received);
    try {
      await expect(startService(definition, { ...runtimeOn(bus, database), port: (taken.address() as AddressInfo).port })).rejects.toThrow();

      const data = { userId: randomUUID() };
      const event = { id: randomUUID(), type: userSuspendedV1.type, version: userSuspendedV1.version, occurredAt: new Date().toISOString(), source: 'svc-identity', data };
      await bus.bus.publish(userSuspendedV1.subject, event);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(received).toEqual([]);
    } finally {
      taken.close();
      await bus.destroy();
      await database.drop();
    }
  });

  it('hands what onStart built to mount, consumers, the admin guard and onStop', async () => {
    const bus = await createTestBus();
    const database = await createTestDatabase();
    const seen: string[] = [];
    const definition: ServiceDefinition<Record<string, never>, { token: string }> = {
      name: 'svc-deps',
      defaultPort: 0,
      schema: {},
      migrationsFolder: '',
      onStart: async () => ({ token: randomUUID() }),
      mount: (app, _context, deps) => {
        seen.push(`mount ${deps.token}`);
        app.get('/api/deps/token', (_req, res) => void res.json(deps));
      },
      consumers: (_context, deps) => (seen.push(`consumers ${deps.token}`), []),
      adminGuard: (_context, deps) => (seen.push(`guard ${deps.token}`), []),
      onStop: async (_context, deps) => void seen.push(`stop ${deps.token}`),
    };
    try {
      const service = await startService(definition, { ...runtimeOn(bus, database), port: 0 });
      const { token } = (await (await fetch(`${service.url}/api/deps/token`)).json()) as { token: string };
      await service.stop();
      expect(seen.sort()).toEqual([`consumers ${token}`, `guard ${token}`, `mount ${token}`, `stop ${token}`]);
    } finally {
      await bus.destroy();
      await database.drop();
    }
  });
});

describe(`a service's transactions (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('wake the outbox relay when they enqueued an event: it goes out at once, not at the next poll a minute on', async () => {
    const bus = await createTestBus();
    const database = await createTestDatabase();
    const received: string[] = [];
    try {
      const service = await startService(probeService('svc-nudged', received), { ...runtimeOn(bus, database), port: 0, relayPollIntervalMs: 60_000 });
      const { context } = service;
      await context.transaction(async () => undefined);
      const started = Date.now();
      const enqueued = await context.transaction((tx) => context.enqueue(tx, userSuspendedV1, { userId: randomUUID() }));
      await eventually(async () => received.includes(enqueued.id), 5_000);
      expect(Date.now() - started).toBeLessThan(5_000);
      await service.stop();
    } finally {
      await bus.destroy();
      await database.drop();
    }
  });
});

(process.env.TEST_DATABASE_URL ? describe : describe.skip)('a service on PostgreSQL', () => {
  it('keeps as many connections as DATABASE_POOL_SIZE says, so replicas can be fitted under the server’s limit', async () => {
    const bus = await createTestBus();
    const database = await createTestDatabase();
    try {
      const service = await startService(probeService('svc-pooled', []), { ...runtimeOn(bus, database), port: 0, databasePoolSize: 2 });
      // Four transactions at once, each holding its connection a moment: two backends serve them.
      const pids = await Promise.all(
        [0, 1, 2, 3].map(() =>
          service.context.transaction(async (tx) => {
            const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid, pg_sleep(0.05)`)) as unknown as { rows: Array<{ pid: number }> };
            return rows[0]!.pid;
          }),
        ),
      );
      expect(new Set(pids).size).toBe(2);
      await service.stop();
    } finally {
      await bus.destroy();
      await database.drop();
    }
  });
});

describe('every service’s environment', () => {
  const base = { DATA_DIR: '/tmp/unused', JWKS_URL: 'http://127.0.0.1:9/jwks.json' };

  it('asks admins for a second factor unless ADMIN_REQUIRE_MFA=false says otherwise', () => {
    expect(loadConfig(serviceEnvSchema, base).ADMIN_REQUIRE_MFA).toBe(true);
    expect(loadConfig(serviceEnvSchema, { ...base, ADMIN_REQUIRE_MFA: 'false' }).ADMIN_REQUIRE_MFA).toBe(false);
    expect(() => loadConfig(serviceEnvSchema, { ...base, ADMIN_REQUIRE_MFA: 'yes' })).toThrow(/ADMIN_REQUIRE_MFA: expected true or false/);
  });

  it('keeps ten PostgreSQL connections per process unless DATABASE_POOL_SIZE says otherwise', () => {
    expect(loadConfig(serviceEnvSchema, base).DATABASE_POOL_SIZE).toBe(10);
    expect(loadConfig(serviceEnvSchema, { ...base, DATABASE_POOL_SIZE: '4' }).DATABASE_POOL_SIZE).toBe(4);
    expect(() => loadConfig(serviceEnvSchema, { ...base, DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('keeps published events a day unless OUTBOX_RETENTION_HOURS says otherwise, from an hour to a year', () => {
    expect(loadConfig(serviceEnvSchema, base).OUTBOX_RETENTION_HOURS).toBe(24);
    expect(loadConfig(serviceEnvSchema, { ...base, OUTBOX_RETENTION_HOURS: '168' }).OUTBOX_RETENTION_HOURS).toBe(168);
    expect(() => loadConfig(serviceEnvSchema, { ...base, OUTBOX_RETENTION_HOURS: '0.5' })).toThrow(/OUTBOX_RETENTION_HOURS/);
    expect(() => loadConfig(serviceEnvSchema, { ...base, OUTBOX_RETENTION_HOURS: 'forever' })).toThrow(/OUTBOX_RETENTION_HOURS/);
  });

  it('keeps usage records on the bus a week unless NATS_USAGE_RETENTION_HOURS says otherwise, from an hour to a year', () => {
    expect(loadConfig(serviceEnvSchema, base).NATS_USAGE_RETENTION_HOURS).toBe(168);
    expect(loadConfig(serviceEnvSchema, { ...base, NATS_USAGE_RETENTION_HOURS: '720' }).NATS_USAGE_RETENTION_HOURS).toBe(720);
    expect(() => loadConfig(serviceEnvSchema, { ...base, NATS_USAGE_RETENTION_HOURS: '0' })).toThrow(/NATS_USAGE_RETENTION_HOURS/);
    expect(() => loadConfig(serviceEnvSchema, { ...base, NATS_USAGE_RETENTION_HOURS: '9000' })).toThrow(/NATS_USAGE_RETENTION_HOURS/);
  });
});
