import type { ServiceContext } from '@agentdock/service-data';
import type { CatalogSchema } from '../db/schema';

/** The slice of the service context that writes: a transaction that relays what it enqueued. */
export type CatalogWriter = Pick<ServiceContext<CatalogSchema>, 'transaction' | 'enqueue'>;

/** An insert query not yet run, as drizzle builds it (`tx.insert(table).values(…)`). */
export interface PendingInsert<TRow> {
  returning(): PromiseLike<TRow[]>;
  onConflictDoNothing(): { returning(): PromiseLike<TRow[]> };
}

/**
 * The one shape of every catalog "created" write: insert, map the row to what the API serves,
 * publish that in the same transaction. With `skipExisting` (seeding), a row that collides with an
 * existing one is left alone and undefined returned; otherwise the conflict throws for the caller
 * to turn into a 409.
 */
export async function insertPublishing<TRow, TServed>(
  insert: PendingInsert<TRow>,
  { skipExisting, serve, publish }: { skipExisting: boolean; serve: (row: TRow) => TServed; publish: (created: TServed) => Promise<unknown> },
): Promise<TServed | undefined> {
  const [row] = await (skipExisting ? insert.onConflictDoNothing() : insert).returning();
  if (!row) return undefined;
  const created = serve(row);
  await publish(created);
  return created;
}
