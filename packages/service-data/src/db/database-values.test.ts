import { sql } from 'drizzle-orm';
import { date, interval, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { openTestDatabase } from '../testing';
import type { Database } from './database';

const moments = pgTable('moments', {
  name: text('name').primaryKey(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  local: timestamp('local', { mode: 'date' }).notNull(),
  day: date('day').notNull(),
  span: interval('span').notNull(),
  amount: numeric('amount').notNull(),
});

// Drizzle reads these types as text and converts them itself; on PGlite the instance, not each
// query, tells PGlite so (see `openPgliteClient`). Either way a value must come back as written.
describe(`values through the query layer (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: Database<{ moments: typeof moments }>;
  beforeAll(async () => {
    database = await openTestDatabase({ schema: { moments } });
    await database.db.execute(
      sql`create table moments (name text primary key, at timestamptz not null, local timestamp not null, day date not null, span interval not null, amount numeric not null)`,
    );
  });
  afterAll(() => database?.close());

  it('come back as they were written, in a transaction or not', async () => {
    const row = {
      name: 'leap',
      at: new Date('2028-02-29T23:30:00.123Z'),
      local: new Date('2028-02-29T08:00:00.000Z'),
      day: '2028-02-29',
      span: '1 day 02:00:00',
      amount: '12345678901234567890.5',
    };
    await database.db.insert(moments).values(row);
    expect(await database.db.select().from(moments)).toEqual([row]);
    expect(await database.db.transaction((tx) => tx.select().from(moments))).toEqual([row]);
    const { rows } = (await database.db.execute(sql`select at, day from moments`)) as unknown as { rows: { at: unknown; day: unknown }[] };
    const [raw] = rows;
    expect(typeof raw!.at).toBe('string');
    expect(raw!.day).toBe('2028-02-29');
  });
});
