import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { openTestDatabase } from '../testing';
import { withCursorRows } from './cursor-rows';

describe(`withCursorRows (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: Database<Record<string, never>>;
  beforeAll(async () => {
    database = await openTestDatabase({ schema: {} });
  });
  afterAll(() => database.close());

  it('reads every row of one query in batches, a running sum carried across the batches', async () => {
    const read: Array<{ n: number; total: number }> = [];
    const query = sql`select n::int as n, (sum(n) over (order by n))::int as total from generate_series(1, ${7}::int) as n order by n`;
    const answer = await withCursorRows(
      database.db,
      query,
      async (rows: AsyncIterable<{ n: number; total: number }>) => {
        for await (const row of rows) read.push(row);
        return 'done';
      },
      3,
    );
    expect(answer).toBe('done');
    expect(read).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => ({ n, total: (n * (n + 1)) / 2 })));
  });

  it('reads nothing from a query without rows', async () => {
    const counted = await withCursorRows(database.db, sql`select 1 as one where false`, async (rows) => {
      let count = 0;
      for await (const _row of rows) count += 1;
      return count;
    });
    expect(counted).toBe(0);
  });
});
