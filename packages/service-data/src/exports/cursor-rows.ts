import { type SQL, sql } from 'drizzle-orm';
import { type Db, inTransaction, type Tx } from '../db/database';

export const CURSOR_BATCH_SIZE = 1_000;

/**
 * Runs `query` ONCE as a server-side cursor and hands `consume` its rows batch by batch: a query
 * whose every row depends on all before it (a running balance) is computed a single time, yet
 * only one batch is ever in memory. The cursor lives in a read-only transaction that ends with
 * `consume`.
 */
export function withCursorRows<TSchema extends Record<string, unknown>, Row, T>(
  db: Db<TSchema>,
  query: SQL,
  consume: (rows: AsyncIterable<Row>) => Promise<T>,
  batchSize = CURSOR_BATCH_SIZE,
): Promise<T> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`set transaction read only`);
    await tx.execute(sql`declare agentdock_rows no scroll cursor for ${query}`);
    return consume(fetchAll<TSchema, Row>(tx, batchSize));
  });
}

async function* fetchAll<TSchema extends Record<string, unknown>, Row>(tx: Tx<TSchema>, batchSize: number): AsyncGenerator<Row> {
  for (;;) {
    const result = await tx.execute(sql.raw(`fetch forward ${batchSize} from agentdock_rows`));
    const rows = (result as unknown as { rows: Row[] }).rows;
    yield* rows;
    if (rows.length < batchSize) return;
  }
}
