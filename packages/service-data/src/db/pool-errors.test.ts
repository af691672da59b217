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
