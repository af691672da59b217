import { sql } from 'drizzle-orm';
import pg from 'pg';
import { eventually } from '@agentdock/service-kit/testing';
import { createTestDatabase } from '../testing';
import { openDatabase } from './database';

// Only PostgreSQL has a pool whose idle connections can fail; PGlite runs in the process.
const describePostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

describePostgres('an idle pooled PostgreSQL connection that fails', () => {
  it('is logged with its cause instead of crashing the process or vanishing', async () => {
    const testDatabase = await createTestDatabase();
    const errors: unknown[][] = [];
    const database = await openDatabase({
      target: testDatabase.target,
      schema: {},
      logger: { error: (...args: unknown[]) => void errors.push(args) } as never,
    });
    try {
      await database.ping();
      const url = (testDatabase.target as { url: string }).url;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      // What a server restart or an operator ending sessions does to the pool's idle connections.
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
      await admin.end();
      await eventually(async () => errors.length > 0);
      // 57P01: the server ended the connection on an administrator's command.
      expect(errors[0]).toEqual([expect.objectContaining({ err: expect.objectContaining({ code: '57P01' }) }), expect.stringContaining('idle PostgreSQL connection failed')]);
      // The pool replaced the connection: the service keeps working.
      await database.db.execute(sql`select 1`);
    } finally {
      await database.close();
      await testDatabase.drop();
    }
  });
});

describePostgres('pooled PostgreSQL connections after a lull', () => {
  afterEach(() => jest.useRealTimers());

  it('are kept, so the next burst does not wait on new backends', async () => {
    const testDatabase = await createTestDatabase();
    const database = await openDatabase({ target: testDatabase.target, schema: {} });
    // Three transactions at once hold three connections; each answers with its backend's pid.
    const backends = async () => {
      let arrived = 0;
      let allIn: () => void = () => undefined;
      const together = new Promise<void>((resolve) => (allIn = resolve));
      const pids = await Promise.all(
        [0, 1, 2].map(() =>
          database.db.transaction(async (tx) => {
            const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: Array<{ pid: number }> };
            if ((arrived += 1) === 3) allIn();
            await together;
            return rows[0]!.pid;
          }),
        ),
      );
      return new Set(pids);
    };
    try {
      // Only timers are faked (the sockets keep working), so that a minute can pass at once: the
      // pool would close a connection idle for its idleTimeoutMillis (node-postgres's default 10 s).
      jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'hrtime', 'performance'] });
      const before = await backends();
      expect(before.size).toBe(3);
      jest.advanceTimersByTime(60_000);
      expect(await backends()).toEqual(before);
    } finally {
      await database.close();
      await testDatabase.drop();
    }
  });
});
