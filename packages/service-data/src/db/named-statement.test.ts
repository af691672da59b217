import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../testing';
import { type Database, inTransaction } from './database';
import { namedStatement, preparedPerHandle } from './named-statement';

describe(`named statements (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: Database<Record<string, unknown>>;
  beforeAll(async () => {
    database = await openTestDatabase({ schema: {} });
    await database.db.execute(sql`create table counters (name text primary key, value integer not null)`);
  });
  afterAll(() => database?.close());

  const bump = namedStatement(
    'test_counter_bump',
    sql`insert into counters (name, value) values (${sql.placeholder('name')}, 1)
        on conflict (name) do update set value = counters.value + 1 returning value`,
  );
  const read = namedStatement('test_counter_read', sql`select value from counters where name = ${sql.placeholder('name')}`);
  const valueOf = async (name: string) => (await read.run(database.db, { name }))[0]?.value;

  it('runs with its values, again and again under the one name, and returns the rows as the database gives them', async () => {
    expect(await bump.run(database.db, { name: 'a' })).toEqual([{ value: 1 }]);
    expect(await bump.run(database.db, { name: 'a' })).toEqual([{ value: 2 }]);
    expect(await bump.run(database.db, { name: 'b' })).toEqual([{ value: 1 }]);
  });

  it("runs inside the transaction whose handle it is given: the transaction's rollback undoes it", async () => {
    await expect(
      inTransaction(database.db, async (tx) => {
        await bump.run(tx, { name: 'rolled-back' });
        throw new Error('abandon');
      }),
    ).rejects.toThrow('abandon');
    expect(await valueOf('rolled-back')).toBeUndefined();
    await inTransaction(database.db, (tx) => bump.run(tx, { name: 'committed' }));
    expect(await valueOf('committed')).toBe(1);
  });

  it('builds a prepared query once per handle', () => {
    let builds = 0;
    const built = preparedPerHandle((handle: object) => ({ handle, build: (builds += 1) }));
    const one = {};
    const other = {};
    expect(built(one)).toBe(built(one));
    expect(built(other).handle).toBe(other);
    expect(builds).toBe(2);
  });
});
