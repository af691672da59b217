import type { Tx } from '@agentdock/service-data';
import { appliedSeeds, type CatalogSchema } from '../db/schema';
import type { CatalogWriter } from './writer';

/**
 * Inserts the seed items never applied before, in order, recording each in `applied_seeds` in the
 * same transaction. An item is applied once per database: what an admin later deletes or moves stays
 * that way across restarts, while an item added to the seed in a new release is still applied.
 * A replica starting at the same moment waits on the ledger row and then skips the item.
 *
 * @returns how many items were added (`insert` resolves undefined for one that clashes with live data).
 */
export async function applyNewSeeds<T>(
  writer: CatalogWriter,
  kind: string,
  items: readonly T[],
  keyOf: (item: T) => string,
  insert: (tx: Tx<CatalogSchema>, item: T) => Promise<object | undefined>,
): Promise<number> {
  let inserted = 0;
  // One transaction per item: each gets its own created_at, so items keep the seed's order
  // wherever lists sort by creation time (e.g. a page's blocks, oldest first).
  for (const item of items) {
    const added = await writer.transaction(async (tx) => {
      const [recorded] = await tx
        .insert(appliedSeeds)
        .values({ kind, key: keyOf(item) })
        .onConflictDoNothing()
        .returning();
      return recorded !== undefined && (await insert(tx, item)) !== undefined;
    });
    if (added) inserted += 1;
  }
  return inserted;
}
