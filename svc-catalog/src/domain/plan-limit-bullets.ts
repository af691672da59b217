import { statesPlanLimit } from '@agentdock/contracts';
import type { Tx } from '@agentdock/service-data';
import { eq } from '@agentdock/service-data/orm';
import { type CatalogSchema, plans } from '../db/schema';
import { publishPlanChange, toPlan } from './plans';
import type { CatalogWriter } from './writer';

/**
 * Plans saved before their numeric bullets were generated from their limits carry those bullets as
 * free text too ("1,000,000 platform credits per month" twice on the pricing page, or a stale figure
 * beside the real one). This removes them from every stored plan, publishing each plan it changes.
 * Run once per database (the seed ledger), in the caller's transaction.
 *
 * @returns the ids of the plans changed.
 */
export async function stripLimitBullets(writer: CatalogWriter, tx: Tx<CatalogSchema>): Promise<string[]> {
  const changed: string[] = [];
  for (const row of await tx.select().from(plans).for('update')) {
    const features = row.features.filter((bullet) => !statesPlanLimit(bullet));
    if (features.length === row.features.length) continue;
    const [updated] = await tx.update(plans).set({ features, updatedAt: new Date() }).where(eq(plans.id, row.id)).returning();
    await publishPlanChange(writer, tx, 'updated', toPlan(updated!));
    changed.push(row.id);
  }
  return changed;
}
