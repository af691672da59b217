import { type EventData, type planChangedV2, SUBSCRIPTION_TIERS, type SubscriptionTier } from '@agentdock/contracts';
import type { Db } from '@agentdock/service-data';
import { and, asc, eq } from '@agentdock/service-data/orm';
import { type ChatSchema, chatPlanAllowances } from '../db/schema';

export interface Allowance {
  credits: number;
  apiCalls: number;
}

/**
 * Used until catalog's plan events have arrived, and for a tier whose plan leaves a figure open
 * (enterprise is "custom": it gets the largest published allowance rather than nothing).
 */
const DEFAULT_ALLOWANCES: Record<SubscriptionTier, Allowance> = {
  free: { credits: 50_000, apiCalls: 50 },
  starter: { credits: 1_000_000, apiCalls: 250 },
  professional: { credits: 2_000_000, apiCalls: 500 },
  enterprise: { credits: 2_000_000, apiCalls: 500 },
};

export async function allowanceFor(db: Db<ChatSchema>, tier: SubscriptionTier): Promise<Allowance> {
  const [row] = await db
    .select()
    .from(chatPlanAllowances)
    .where(and(eq(chatPlanAllowances.tier, tier), eq(chatPlanAllowances.isActive, true)))
    .orderBy(asc(chatPlanAllowances.sortOrder))
    .limit(1);
  const fallback = DEFAULT_ALLOWANCES[tier];
  return { credits: row?.platformCredits ?? fallback.credits, apiCalls: row?.apiCalls ?? fallback.apiCalls };
}

export async function applyPlanChanged(db: Db<ChatSchema>, data: EventData<typeof planChangedV2>): Promise<void> {
  const { plan } = data;
  if (data.change === 'deleted') {
    await db.delete(chatPlanAllowances).where(eq(chatPlanAllowances.planId, plan.id));
    return;
  }
  const values = {
    tier: plan.tier,
    platformCredits: plan.platformCreditsLimit,
    apiCalls: plan.apiCallsLimit,
    isActive: plan.isActive,
    sortOrder: plan.sortOrder,
  };
  await db
    .insert(chatPlanAllowances)
    .values({ planId: plan.id, ...values })
    .onConflictDoUpdate({ target: chatPlanAllowances.planId, set: values });
}

export function isTier(value: string): value is SubscriptionTier {
  return (SUBSCRIPTION_TIERS as readonly string[]).includes(value);
}
