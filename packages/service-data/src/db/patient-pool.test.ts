import type pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { isDatabaseUnavailable } from '@agentdock/service-kit';
import { freePort } from '@agentdock/service-kit/testing';
import { sql } from '../orm';
import { isPlainRead, PatientPool, patiently, releasedWhenBeginFails } from './patient-pool';
import { accept, errorResponse, message, messageTypes, READY_FOR_QUERY, standIn } from './testing/postgres-stand-in';

// A one-row answer to `select 1`, so a query against the stand-in succeeds.
const ONE_ROW = Buffer.concat([
  message('T', Buffer.concat([Buffer.from([0, 1]), Buffer.from('?column?\0'), Buffer.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 23, 0, 4, 255, 255, 255, 255, 0, 0])])),
  message('D', Buffer.concat([Buffer.from([0, 1, 0, 0, 0, 1]), Buffer.from('1')])),
  message('C', Buffer.from('SELECT 1\0')),
  READY_FOR_QUERY,
]);

describe('PatientPool', () => {
  it('waits out a server that is starting up, then runs the query', async () => {
    let startups = 0;
    const server = await standIn({
      onStartup: (socket) => {
        startups += 1;
        if (startups <= 3) socket.end(errorResponse('FATAL', '57P03', 'the database system is starting up'));
        else accept(socket);
      },
      onQuery: (socket) => socket.write(ONE_ROW),
    });
    const pool = new PatientPool({ connectionString: server.url, max: 1 }, 5_000);
    try {
      const result = await drizzle({ client: pool }).execute(sql`select 1`);
      expect(result.rows).toEqual([{ '?column?': 1 }]);
      expect(startups).toBe(4);
      // The pool's own query (a connect with a callback) waits the same way.
      startups = 0;
      const another = new PatientPool({ connectionString: server.url, max: 1 }, 5_000);
      expect((await another.query('select 1')).rows).toEqual([{ '?column?': 1 }]);
      expect(startups).toBe(4);
      await another.end();
    } finally {
      await pool.end();
      await server.close();
    }
  });

  it('waits in a transaction too, and a refused server still fails once its patience is spent', async () => {
    const port = await freePort();
    const pool = new PatientPool({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`, max: 1 }, 300);
    const started = Date.now();
    const error = await drizzle({ client: pool })
      .transaction(async (tx) => tx.execute(sql`select 1`))
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    await pool.end();
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  /**
   * A stand-in that ends the session (57P01, as a restart does) under the first `lost` statements
   * and answers one row to the rest. A transaction's BEGIN is answered, and not counted in
   * `statements`.
   */
  async function restartingServer(lost: number, patienceMs = 5_000) {
    const statements: string[] = [];
    const server = await standIn({
      onStartup: accept,
      onQuery: (socket, _index, data) => {
        if (/\bbegin\b/i.test(data.toString('latin1'))) return void socket.write(ONE_ROW);
        statements.push(data.toString('latin1'));
        if (statements.length <= lost) socket.end(errorResponse('FATAL', '57P01', 'terminating connection due to administrator command'));
        else socket.write(ONE_ROW);
      },
    });
    const pool = new PatientPool({ connectionString: server.url, max: 1 }, patienceMs);
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const outcome = (work: Promise<unknown>) =>
      work.then(
        (result) => ({ result, error: undefined }),
        (error: unknown) => ({ result: undefined, error }),
      );
    const close = async () => {
      await pool.end().catch(() => undefined);
      await server.close();
    };
    return { statements, pool, outcome, close };
  }

  it('never sends a write twice: a statement whose connection is lost under it fails at once', async () => {
    const server = await restartingServer(1);
    try {
      const { error } = await server.outcome(drizzle({ client: server.pool }).execute(sql`update accounts set name = 'Ada' where id = 1`));
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(server.statements).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('sends a plain read again on a new connection when a restart ended the first under it', async () => {
    const server = await restartingServer(2);
    try {
      const { result } = await server.outcome(drizzle({ client: server.pool }).execute(sql`select 1`));
      expect((result as { rows: unknown[] }).rows).toEqual([{ '?column?': 1 }]);
      expect(server.statements).toHaveLength(3);
    } finally {
      await server.close();
    }
  });

  it('never sends a locking read or a read inside a transaction twice', async () => {
    for (const work of [
      (pool: PatientPool) => drizzle({ client: pool }).execute(sql`select id from accounts where id = 1 for update`),
      (pool: PatientPool) => drizzle({ client: pool }).transaction(async (tx) => tx.execute(sql`select 1`)),
    ]) {
      const server = await restartingServer(1);
      try {
        const { error } = await server.outcome(work(server.pool));
        expect(isDatabaseUnavailable(error)).toBe(true);
        expect(server.statements).toHaveLength(1);
      } finally {
        await server.close();
      }
    }
  });

  it('sends a read again only while its patience lasts', async () => {
    const server = await restartingServer(Number.POSITIVE_INFINITY, 300);
    try {
      const started = Date.now();
      const { error } = await server.outcome(server.pool.query('select 1'));
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(server.statements.length).toBeGreaterThan(1);
    } finally {
      await server.close();
    }
  });

  it('has pipelined connections beside it, which send statements without waiting for answers, and ends them with itself', async () => {
    // The stand-in answers nothing before it holds all three statements: a client that waits for
    // each answer before sending the next would wait forever.
    let received = 0;
    const server = await standIn({
      onStartup: accept,
      onQuery: (socket, _index, data) => {
        received += messageTypes(data).filter((type) => type === 'Q').length;
        if (received === 3) socket.write(Buffer.concat([message('C', Buffer.from('BEGIN\0')), READY_FOR_QUERY, ONE_ROW, message('C', Buffer.from('COMMIT\0')), READY_FOR_QUERY]));
      },
    });
    const pool = new PatientPool({ connectionString: server.url, max: 1 }, 0);
    try {
      const client = await pool.pipelined().connect();
      const answers = await Promise.all([client.query('begin'), client.query('select 1'), client.query('commit')]);
      client.release();
      expect(answers.map(({ command }) => command)).toEqual(['BEGIN', 'SELECT', 'COMMIT']);
      expect(answers[1]!.rows).toEqual([{ '?column?': 1 }]);
      expect(pool.pipelined()).toBe(pool.pipelined());
      await pool.end();
      expect(pool.pipelined().ended).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('gives the client back when a transaction cannot even begin (the server gone between connect and BEGIN), so the pool keeps its slots and closes', async () => {
    const server = await standIn({
      onStartup: accept,
      onQuery: (socket) => socket.end(errorResponse('FATAL', '57P01', 'terminating connection due to administrator command')),
    });
    const pool = new PatientPool({ connectionString: server.url, max: 2 }, 0);
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    try {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const error = await drizzle({ client: pool })
          .transaction(async (tx) => tx.execute(sql`select 1`))
          .then(
            () => undefined,
            (caught: unknown) => caught,
          );
        expect(isDatabaseUnavailable(error)).toBe(true);
      }
      // Three failed BEGINs on a pool of two: none kept its client.
      expect(pool.totalCount).toBe(0);
      const closing = await Promise.race([pool.end().then(() => 'closed'), new Promise((resolve) => setTimeout(() => resolve('still waiting'), 2_000))]);
      expect(closing).toBe('closed');
    } finally {
      await server.close();
    }
  });
});

describe('releasedWhenBeginFails', () => {
  it('watches a pooled client once however often it is checked out, and each checkout releases once', () => {
    const poolReleases: unknown[] = [];
    const original = jest.fn(() => Promise.resolve());
    const client = { query: original } as unknown as pg.PoolClient;
    const checkout = () => {
      client.release = (error?: boolean | Error) => void poolReleases.push(error);
      return releasedWhenBeginFails(client);
    };
    checkout();
    const watched = client.query;
    client.release();
    client.release();
    checkout();
    expect(client.query).toBe(watched);
    client.release();
    expect(poolReleases).toHaveLength(2);
  });
});

describe('isPlainRead', () => {
  it('takes a SELECT without a row lock for a read, and nothing else', () => {
    expect(isPlainRead('select 1')).toBe(true);
    expect(isPlainRead({ text: '  SELECT "id" from "users" where "id" = $1' })).toBe(true);
    expect(isPlainRead({ text: 'select id from chat_wallets where user_id = $1 for update' })).toBe(false);
    expect(isPlainRead({ text: 'select id from chat_wallets for no key update' })).toBe(false);
    expect(isPlainRead({ text: 'select id from chat_wallets for share' })).toBe(false);
    expect(isPlainRead({ text: 'with moved as (update chat_wallets set tier = $1 returning 1) select * from moved' })).toBe(false);
    expect(isPlainRead({ text: 'insert into accounts (id) values (1)' })).toBe(false);
    expect(isPlainRead({ name: 'no_text' })).toBe(false);
    expect(isPlainRead(null)).toBe(false);
  });
});

describe('patiently', () => {
  const away = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  const pauses: number[] = [];
  const sleep = async (ms: number) => void pauses.push(ms);
  beforeEach(() => (pauses.length = 0));

  it('pauses longer each time, up to half a second', async () => {
    let attempts = 0;
    const connect = async () => {
      attempts += 1;
      if (attempts < 7) throw away;
      return 'connected';
    };
    expect(await patiently(connect, 60_000, sleep)).toBe('connected');
    expect(pauses).toEqual([50, 100, 200, 400, 500, 500]);
  });

  it('gives up at once on anything but the database being away (a wrong password, a missing database)', async () => {
    const wrongPassword = Object.assign(new Error('password authentication failed for user "postgres"'), { code: '28P01' });
    await expect(
      patiently(
        async () => {
          throw wrongPassword;
        },
        60_000,
        sleep,
      ),
    ).rejects.toBe(wrongPassword);
    expect(pauses).toEqual([]);
  });
});
