import type { Plan } from '@agentdock/contracts';
import type { Db } from '@agentdock/service-data';
import type { CatalogSchema } from '../db/schema';
import { CachedValue } from './cached-value';
import { listPlans } from './plans';
import type { CatalogWriter } from './writer';

/** How long another replica's plan edit can go unseen by this one's public list. */
export const PUBLIC_PLANS_MAX_AGE_MS = 5_000;

/**
 * A writer that drops `cache` after each of its transactions commits, so every plan write clears
 * the cached public list whichever route made it. Only after the commit: dropping it earlier would
 * let a read in between cache the old list again; a rolled-back write changed nothing to drop.
 */
export function invalidatingAfterCommit(writer: CatalogWriter, cache: Pick<CachedValue<unknown>, 'invalidate'>): CatalogWriter {
  return {
    enqueue: writer.enqueue,
    transaction: async (work) => {
      const result = await writer.transaction(work);
      cache.invalidate();
      return result;
    },
  };
}

/** The public (active) plan list as read on every pricing view. */
export function publicPlansCache(db: Db<CatalogSchema>, maxAgeMs = PUBLIC_PLANS_MAX_AGE_MS): CachedValue<Plan[]> {
  return new CachedValue(() => listPlans(db, { includeInactive: false }), maxAgeMs);
}
