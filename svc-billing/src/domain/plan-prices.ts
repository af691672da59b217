import type { EventData, planChangedV2 } from '@agentdock/contracts';
import type { Db } from '@agentdock/service-data';
import { sql } from '@agentdock/service-data/orm';
import { planPrices } from '../db/schema';

/**
 * Applies a catalog plan change to billing's read model. Events about one plan can arrive out of
 * order after a redelivery, so a change older than the one already applied is ignored.
 */
export async function applyPlanChanged(tx: Db, data: EventData<typeof planChangedV2>, occurredAt: Date): Promise<void> {
  const { plan, change } = data;
  const values = {
    planId: plan.id,
    name: plan.name,
    tier: plan.tier,
    currency: plan.currency,
    monthlyPriceCents: plan.monthly?.amountMinor ?? null,
    monthlyPriceId: plan.monthly?.priceId ?? null,
    annualPriceCents: plan.annual?.amountMinor ?? null,
    annualPriceId: plan.annual?.priceId ?? null,
    platformCreditsLimit: plan.platformCreditsLimit,
    apiCallsLimit: plan.apiCallsLimit,
    isActive: plan.isActive && change !== 'deleted',
    deleted: change === 'deleted',
    lastEventAt: occurredAt,
  };
  await tx
    .insert(planPrices)
    .values(values)
    .onConflictDoUpdate({
      target: planPrices.planId,
      set: values,
      setWhere: sql`${planPrices.lastEventAt} <= ${occurredAt.toISOString()}`,
    });
}
