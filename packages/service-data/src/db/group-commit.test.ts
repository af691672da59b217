import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../testing';
import type pg from 'pg';
import { type Database, inTransaction } from './database';
import { GroupCommits, type GroupedStatement } from './group-commit';
import { namedStatement, sessionClient } from './named-statement';
import type { PatientPool } from './patient-pool';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe(`group commit (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: Database<Record<string, unknown>>;
  beforeAll(async () => {
    database = await openTestDatabase({ schema: {} });
    await database.db.execute(sql`create table group_counters (name text primary key, value integer not null)`);
    await database.db.execute(sql`create table group_claims (name text, constraint group_claims_once unique (name) deferrable initially deferred)`);
  });
  afterAll(() => database?.close());

  // Each bump also says which transaction it ran in.
  const bump = namedStatement(
    'test_group_bump',
    sql`insert into group_counters (name, value) values (${sql.placeholder('name')}, 1)
        on conflict (name) do update set value = group_counters.value + ${sql.placeholder('by')}::integer
        returning value, txid_current()::text as transaction`,
  );
  const claim = namedStatement('test_group_claim', sql`insert into group_claims (name) values (${sql.placeholder('name')}) returning name`);
  const nothingToLock = namedStatement('test_group_nothing_to_lock', sql`select 1`);
  const read = namedStatement('test_group_read', sql`select value from group_counters where name = ${sql.placeholder('name')}`);
  const valueOf = async (name: string) => (await read.run(database.db, { name }))[0]?.value;
  const bumps = (name: string, count: number) => Array.from({ length: count }, () => ({ statement: bump, values: { name, by: 1 } }));

  type DriverQuery = (...args: unknown[]) => Promise<unknown>;
  /** Each group's pipelined connection, changed by `change` (given the driver's own query), until `restore`. */
  const interceptGroupConnections = (change: (client: pg.PoolClient, query: DriverQuery) => void) => {
    const pipelined = (sessionClient(database.db) as PatientPool).pipelined();
    const connect = pipelined.connect.bind(pipelined) as () => Promise<pg.PoolClient>;
    const spy = jest.spyOn(pipelined, 'connect').mockImplementation((async () => {
      const client = await connect();
      change(client, client.query.bind(client) as DriverQuery);
      return client;
    }) as typeof pipelined.connect);
    return { connect, restore: () => spy.mockRestore() };
  };
  it('runs the first statement for a key at once and alone, and those arriving meanwhile together in one transaction, in order', async () => {
    const locked: GroupedStatement[][] = [];
    const groups = new GroupCommits({
      lockFirst: (items) => {
        locked.push(items);
        return { statement: nothingToLock, values: {} };
      },
    });
    const rows = await Promise.all(bumps('ordered', 10).map((item) => groups.run(database.db, 'ordered', item)));
    expect(rows.map(([row]) => row!.value)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const transactions = new Set(rows.map(([row]) => row!.transaction));
    if (onPostgres) {
      expect(transactions.size).toBe(2);
      expect(rows[0]![0]!.transaction).not.toBe(rows[1]![0]!.transaction);
      expect(locked).toHaveLength(1);
      expect(locked[0]).toHaveLength(9);
    } else {
      // The embedded database runs one statement at a time: no flush to share, nothing grouped.
      expect(transactions.size).toBe(10);
      expect(locked).toEqual([]);
    }
  });

  it('under a stream from many callers, runs each statement exactly once, in far fewer transactions than statements', async () => {
    const groups = new GroupCommits({ lockFirst: () => ({ statement: nothingToLock, values: {} }) });
    const values: number[] = [];
    const transactions = new Set<unknown>();
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < 400) {
          next += 1;
          const [row] = await groups.run(database.db, 'stream', { statement: bump, values: { name: 'stream', by: 1 } });
          values.push(row!.value as number);
          transactions.add(row!.transaction);
        }
      }),
    );
    expect(values.sort((a, b) => a - b)).toEqual(Array.from({ length: 400 }, (_, index) => index + 1));
    if (onPostgres) expect(transactions.size).toBeLessThan(200);
  });

  it('keeps keys apart, and holds a group to its largest size', async () => {
    const groups = new GroupCommits({ maxGroup: 3 });
    const rows = await Promise.all([
      ...bumps('left', 7).map((item) => groups.run(database.db, 'left', item)),
      ...bumps('right', 2).map((item) => groups.run(database.db, 'right', item)),
    ]);
    expect(await valueOf('left')).toBe(7);
    expect(await valueOf('right')).toBe(2);
    // left: one alone, then groups of 3 and 3; right: alone, then one more.
    if (onPostgres) expect(new Set(rows.slice(0, 7).map(([row]) => row!.transaction)).size).toBe(3);
  });

  it('gives a failing statement its own error and runs the rest of its group again on their own: each written once', async () => {
    const groups = new GroupCommits();
    const overflow = { statement: bump, values: { name: 'failing', by: 3_000_000_000 } };
    const outcomes = await Promise.allSettled(
      [...bumps('failing', 1), ...bumps('failing', 2), overflow, ...bumps('failing', 2)].map((item) => groups.run(database.db, 'failing', item)),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(await valueOf('failing')).toBe(5);
  });

  it('a COMMIT the database refuses (a deferred constraint) wrote nothing: each statement runs again alone, and the error is its own', async () => {
    const groups = new GroupCommits();
    // A unique constraint checked at commit: two claims of one name in one group fail only there.
    const outcomes = await Promise.allSettled(
      [
        { statement: claim, values: { name: 'alone' } },
        { statement: claim, values: { name: 'twice' } },
        { statement: bump, values: { name: 'beside-claims', by: 1 } },
        { statement: claim, values: { name: 'twice' } },
      ].map((item) => groups.run(database.db, 'claims', item)),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    expect(await valueOf('beside-claims')).toBe(1);
  });

  (onPostgres ? it : it.skip)('a COMMIT refused with an error is known to be rolled back without asking: the server says so before it records the rollback', async () => {
    const groups = new GroupCommits();
    // The refusal reaches the client before the server records the rollback: asked then, the
    // group's transaction is still in progress. Here it stays so, as a transaction held open.
    const pipelined = (sessionClient(database.db) as PatientPool).pipelined();
    const held = await pipelined.connect();
    await held.query('begin');
    const { rows } = await held.query<{ txid: string }>('select txid_current()::text as txid');
    const connections = interceptGroupConnections((client, query) => {
      client.query = ((...args: unknown[]) => {
        const result = query(...args);
        const asksTransaction = (args[0] as { name?: string }).name === 'group_commit_transaction_id';
        return asksTransaction ? result.then(() => ({ rows })) : result;
      }) as typeof client.query;
    });
    try {
      const outcomes = await Promise.allSettled(
        [
          { statement: claim, values: { name: 'refused-alone' } },
          { statement: claim, values: { name: 'refused-twice' } },
          { statement: claim, values: { name: 'refused-twice' } },
        ].map((item) => groups.run(database.db, 'refused', item)),
      );
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    } finally {
      connections.restore();
      await held.query('rollback');
      held.release();
    }
  });

  (onPostgres ? it : it.skip)('settles a group whose COMMIT went through but whose answer was lost: each statement gets its rows, written once', async () => {
    const groups = new GroupCommits();
    // The COMMIT is applied, then its answer lost, as when the connection drops right after it.
    const connections = interceptGroupConnections((client, query) => {
      client.query = ((...args: unknown[]) => {
        const result = query(...args);
        return args[0] === 'commit' ? result.then(() => Promise.reject(new Error('Connection terminated unexpectedly'))) : result;
      }) as typeof client.query;
    });
    try {
      const rows = await Promise.all(bumps('answer-lost', 4).map((item) => groups.run(database.db, 'answer-lost', item)));
      expect(rows.map(([row]) => row!.value)).toEqual([1, 2, 3, 4]);
      expect(await valueOf('answer-lost')).toBe(4);
    } finally {
      connections.restore();
    }
  });

  (onPostgres ? it : it.skip)('waits for a group whose COMMIT never reached the database to be rolled back, then runs each statement again alone', async () => {
    const groups = new GroupCommits();
    // The COMMIT is lost on its way, and the server sees the connection close only a while later:
    // until then the group's transaction is still in progress, neither committed nor rolled back.
    const connections = interceptGroupConnections((client, query) => {
      const release = client.release.bind(client);
      client.query = ((...args: unknown[]) => (args[0] === 'commit' ? Promise.reject(new Error('Connection terminated unexpectedly')) : query(...args))) as typeof client.query;
      client.release = ((error?: Error | boolean) => void setTimeout(() => release(error), 400)) as typeof client.release;
    });
    try {
      const outcomes = await Promise.allSettled(bumps('commit-lost', 4).map((item) => groups.run(database.db, 'commit-lost', item)));
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
      expect(await valueOf('commit-lost')).toBe(4);
    } finally {
      connections.restore();
    }
  });

  it('a group whose connection is lost before its COMMIT wrote nothing: each statement runs again alone', async () => {
    const groups = new GroupCommits();
    // Ends the group's own connection, which rolls its transaction back.
    const cut = namedStatement('test_group_cut', sql`select pg_terminate_backend(pg_backend_pid())`);
    const outcomes = await Promise.allSettled(
      [...bumps('cut', 1), ...bumps('cut', 1), { statement: cut, values: {} }, ...bumps('cut', 1)].map((item) => groups.run(database.db, 'cut', item)),
    );
    // Alone, the cut ends a connection of the pool: its own statement fails, no other.
    if (onPostgres) expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(await valueOf('cut')).toBe(3);
    const after = await Promise.all(bumps('cut', 3).map((item) => groups.run(database.db, 'cut', item)));
    expect(after.map(([row]) => row!.value)).toEqual([4, 5, 6]);
  });

  it("runs in the transaction it is given, with that transaction's commit", async () => {
    const groups = new GroupCommits();
    await expect(
      inTransaction(database.db, async (tx) => {
        await Promise.all(bumps('in-transaction', 3).map((item) => groups.run(tx, 'in-transaction', item)));
        throw new Error('abandon');
      }),
    ).rejects.toThrow('abandon');
    expect(await valueOf('in-transaction')).toBeUndefined();
  });
});
