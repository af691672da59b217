import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { isDatabaseUnavailable } from '@agentdock/service-kit';
import { freePort } from '@agentdock/service-kit/testing';
import { sql } from '../orm';
import { accept, errorResponse, message, READY_FOR_QUERY, standIn, type Script } from './testing/postgres-stand-in';

// The errors `pg` and drizzle really raise when the database goes away (a restart, a failover, an
// operator ending sessions), made by a stand-in server speaking just enough of PostgreSQL's wire
// protocol to play each part deterministically on every machine. Each must read as "unavailable"
// (the error handler's 503, a settlement's retry); a failure of the query itself must not. A
// PostgreSQL restart under load (faults/postgres-restart) once answered "not queryable" with a 500.

/** The error a drizzle query over a pool raises against the stand-in (it must raise one). */
async function queryError(script: Script, options: pg.PoolConfig = {}): Promise<unknown> {
  const server = await standIn(script);
  const pool = new pg.Pool({ connectionString: server.url, max: 1, ...options });
  pool.on('error', () => undefined);
  try {
    await drizzle({ client: pool }).execute(sql`select 1`);
    throw new Error('the query did not fail');
  } catch (error) {
    return error;
  } finally {
    await pool.end().catch(() => undefined);
    await server.close();
  }
}

describe('isDatabaseUnavailable on the errors pg and drizzle raise', () => {
  it('a refused connection (nothing listens: the server is down) is unavailable', async () => {
    const port = await freePort();
    const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    const error = await drizzle({ client: pool })
      .execute(sql`select 1`)
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    await pool.end();
    expect(error).toMatchObject({ cause: expect.objectContaining({ code: 'ECONNREFUSED' }) });
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['57P03', 'the database system is starting up'],
    ['57P03', 'the database system is shutting down'],
    ['57P03', 'the database system is in recovery mode'],
    ['53300', 'sorry, too many clients already'],
  ])('a connection the server refuses at startup (%s %s) is unavailable', async (code, text) => {
    const error = await queryError({ onStartup: (socket) => socket.end(errorResponse('FATAL', code, text)) });
    expect(error).toMatchObject({ cause: expect.objectContaining({ code, message: text }) });
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'terminating connection due to crash of another server process'],
  ])('a query the server ends its session under (%s %s) is unavailable', async (code, text) => {
    const error = await queryError({ onStartup: accept, onQuery: (socket) => socket.end(errorResponse('FATAL', code, text)) });
    expect(error).toMatchObject({ cause: expect.objectContaining({ code }) });
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('a connection closed under a query ("Connection terminated unexpectedly") is unavailable', async () => {
    const error = await queryError({ onStartup: accept, onQuery: (socket) => socket.end() });
    expect(error).toMatchObject({ cause: expect.objectContaining({ message: 'Connection terminated unexpectedly' }) });
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('a server that never answers the connection ("Connection terminated due to connection timeout") is unavailable', async () => {
    const error = await queryError({ onStartup: () => undefined }, { connectionTimeoutMillis: 100 });
    expect(error).toMatchObject({ cause: expect.objectContaining({ message: 'Connection terminated due to connection timeout' }) });
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('a connection reset under a query (ECONNRESET) is unavailable', async () => {
    const error = await queryError({ onStartup: accept, onQuery: (socket) => socket.resetAndDestroy() });
    expect(error).toMatchObject({ cause: expect.objectContaining({ code: 'ECONNRESET' }) });
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('the rollback of a transaction whose connection failed ("not queryable": the faults suite\'s 500) is unavailable', async () => {
    // BEGIN succeeds; the connection is reset under the transaction's first statement.
    const server = await standIn({
      onStartup: accept,
      onQuery: (socket, index) => (index === 0 ? socket.write(Buffer.concat([message('C', Buffer.from('BEGIN\0')), message('Z', Buffer.from('T'))])) : socket.resetAndDestroy()),
    });
    const client = new pg.Client({ connectionString: server.url });
    client.on('error', () => undefined);
    try {
      await client.connect();
      // drizzle sends ROLLBACK on the same, now dead, client and throws the rollback's failure in
      // place of the statement's.
      const error = await drizzle({ client })
        .transaction(async (tx) => tx.execute(sql`select 1`))
        .then(
          () => undefined,
          (caught: unknown) => caught,
        );
      expect(error).toMatchObject({ query: 'rollback', cause: expect.objectContaining({ message: 'Client has encountered a connection error and is not queryable' }) });
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await client.end().catch(() => undefined);
      await server.close();
    }
  });

  it('a failed query on a healthy connection is not: a unique violation, a syntax error, a bug', async () => {
    for (const [code, text] of [
      ['23505', 'duplicate key value violates unique constraint "plans_pkey"'],
      ['42601', 'syntax error at or near "selec"'],
      ['40001', 'could not serialize access due to concurrent update'],
    ]) {
      const error = await queryError({ onStartup: accept, onQuery: (socket) => socket.write(Buffer.concat([errorResponse('ERROR', code!, text!), READY_FOR_QUERY])) });
      expect(error).toMatchObject({ cause: expect.objectContaining({ code }) });
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Connection string is invalid'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
