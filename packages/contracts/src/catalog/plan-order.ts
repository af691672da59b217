import type { Plan } from './plan';
import type { SubscriptionTier } from './tier';

export type PlanChoice = 'current' | 'upgrade' | 'downgrade';

/**
 * What a plan costs per month in minor units, for comparing plans. A plan quoted by contact
 * (Enterprise) costs more than any priced one.
 */
export function monthlyCost(plan: Plan): number {
  if (plan.customPrice) return Number.POSITIVE_INFINITY;
  if (plan.monthly) return plan.monthly.amountMinor;
  if (plan.annualPerMonthMinor !== null) return plan.annualPerMonthMinor;
  return plan.annual ? plan.annual.amountMinor / 12 : Number.POSITIVE_INFINITY;
}

/**
 * A plan seen from the customer's tier: current for that tier, an upgrade when it costs more
 * than the current plan, a downgrade otherwise (the Subscription tab and the pricing page agree).
 */
export function planChoice(plan: Plan, currentTier: SubscriptionTier, plans: readonly Plan[]): PlanChoice {
  if (plan.tier === currentTier) return 'current';
  const current = plans.find((candidate) => candidate.tier === currentTier);
  // A tier without a plan in the catalog (retired) compares as free: every plan is a step up.
  const currentCost = current ? monthlyCost(current) : 0;
  return monthlyCost(plan) > currentCost ? 'upgrade' : 'downgrade';
}
