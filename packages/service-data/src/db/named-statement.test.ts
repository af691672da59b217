import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../testing';
import { type Database, inTransaction } from './database';
import { boolean, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { namedStatement, prefixedColumns, preparedPerHandle, rawRowReader } from './named-statement';

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

  it('is prepared under its name on the connection it runs on, once', async () => {
    const preparedNames = namedStatement('test_prepared_names', sql`select name from pg_prepared_statements where name = 'test_counter_bump'`);
    await inTransaction(database.db, async (tx) => {
      await bump.run(tx, { name: 'prepared' });
      await bump.run(tx, { name: 'prepared' });
      expect(await preparedNames.run(tx, {})).toEqual([{ name: 'test_counter_bump' }]);
    });
    expect(await valueOf('prepared')).toBe(2);
  });

  it('fails with the database error and leaves the statement and the handle usable', async () => {
    const overflow = namedStatement(
      'test_counter_overflow',
      sql`update counters set value = value * ${sql.placeholder('factor')}::integer where name = ${sql.placeholder('name')} returning value`,
    );
    await bump.run(database.db, { name: 'big' });
    // drizzle's PostgreSQL driver wraps the error and keeps the driver's as `cause`.
    const sqlState = (error: { code?: string; cause?: { code?: string } }) => error.code ?? error.cause?.code;
    await expect(overflow.run(database.db, { name: 'big', factor: 3_000_000_000 }).catch(sqlState)).resolves.toBe('22003');
    await expect(
      inTransaction(database.db, async (tx) => {
        await overflow.run(tx, { name: 'big', factor: 2 });
        await overflow.run(tx, { name: 'big', factor: 3_000_000_000 });
      }),
    ).rejects.toBeDefined();
    expect(await valueOf('big')).toBe(1);
    expect(await overflow.run(database.db, { name: 'big', factor: 5 })).toEqual([{ value: 5 }]);
  });

  it('run on the root handle, waits for an open transaction instead of joining it', async () => {
    let release!: () => void;
    let started!: () => void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    const inside = new Promise<void>((resolve) => (started = resolve));
    const abandoned = inTransaction(database.db, async (tx) => {
      await bump.run(tx, { name: 'inside' });
      started();
      await holding;
      throw new Error('abandon');
    });
    await inside;
    const outside = bump.run(database.db, { name: 'outside' });
    release();
    await expect(abandoned).rejects.toThrow('abandon');
    await outside;
    expect(await valueOf('inside')).toBeUndefined();
    expect(await valueOf('outside')).toBe(1);
  });

  it("reads a table's row out of a statement's row by prefixed columns, in drizzle's shape, and none where a left join found none", async () => {
    const readings = pgTable('readings', {
      id: uuid('id').primaryKey(),
      takenAt: timestamp('taken_at', { withTimezone: true, mode: 'date' }).notNull(),
      valid: boolean('valid').notNull(),
      count: integer('count'),
    });
    await database.db.execute(sql`create table readings (id uuid primary key, taken_at timestamptz not null, valid boolean not null, count integer)`);
    const row = { id: '6f1d3a52-0c4e-4d43-9a55-2f0b8c1e7d10', takenAt: new Date('2026-03-10T08:00:00.125Z'), valid: false, count: null };
    await database.db.insert(readings).values(row);
    const byId = namedStatement(
      'test_reading_by_id',
      sql`select 1 as one, ${prefixedColumns(readings, 'found', 'reading.')} from (select 1) as base left join readings as found on found.id = ${sql.placeholder('id')}::uuid`,
    );
    const readingOf = rawRowReader(readings, 'reading.');
    const [raw] = await byId.run(database.db, { id: row.id });
    expect(readingOf(raw!)).toEqual(row);
    const [missing] = await byId.run(database.db, { id: '00000000-0000-4000-8000-000000000000' });
    expect(readingOf(missing!)).toBeNull();
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
