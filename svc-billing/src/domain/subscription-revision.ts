import { type Db, type Tx } from '@agentdock/service-data';
import { eq, sql } from '@agentdock/service-data/orm';
import { subscriptions } from '../db/schema';

/**
 * Serialises the writes to one subscription within the caller's transaction. Deliveries about one
 * subscription run at once: without it two would both read "not stored yet" and both grant.
 */
export async function lockSubscription(tx: Tx, id: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${id}))`);
}

/** How many times the stored subscription was written; null while it is not stored. */
export async function subscriptionRevision(db: Db, id: string): Promise<number | null> {
  const [row] = await db.select({ revision: subscriptions.revision }).from(subscriptions).where(eq(subscriptions.id, id));
  return row?.revision ?? null;
}

/** The next revision, for a write that changes the stored row. */
export const nextRevision = sql<number>`${subscriptions.revision} + 1`;

/**
 * Counts a webhook that changed nothing as a write too: it was applied with the provider's answer,
 * which may be newer than that of a webhook still waiting to store its own.
 */
export async function touchSubscription(tx: Tx, id: string): Promise<void> {
  await tx.update(subscriptions).set({ revision: nextRevision }).where(eq(subscriptions.id, id));
}
