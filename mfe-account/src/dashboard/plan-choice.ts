import type { BillingPeriod, Plan, PlanChoice } from '@agentdock/contracts';
import { formatPrice } from '@agentdock/ui';
import { formatMoney } from './format';

export type { PlanChoice } from '@agentdock/contracts';
export { planChoice } from '@agentdock/contracts';

export const PLAN_CHOICE_LABELS: Record<PlanChoice, string> = {
  current: 'Current Plan',
  upgrade: 'Upgrade Now',
  downgrade: 'Downgrade Now',
};

/** Card subscription states in which the customer holds a plan and changes it in place. */
const HELD_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

/** The customer's running plan subscription, if any (course subscriptions are not plans). */
export function planSubscription<S extends { kind: string; status: string }>(subscriptions: readonly S[]): S | null {
  return subscriptions.find((subscription) => subscription.kind === 'plan' && HELD_STATUSES.has(subscription.status)) ?? null;
}

/** What the chosen plan costs from the next bill on, e.g. "$100 per month" or "$1,020 per year". */
function recurringPrice(plan: Plan, period: BillingPeriod, locale?: string): string | null {
  const price = period === 'annual' ? plan.annual : plan.monthly;
  if (!price) return null;
  return `${formatPrice(price.amountMinor, plan.currency, locale)} per ${period === 'annual' ? 'year' : 'month'}`;
}

/**
 * The sentence of the confirmation that states the price difference: billing's prorated amount
 * due now (a negative amount is a credit), then the plan's own price.
 */
export function priceDifference(preview: { amountDue: number; currency: string }, plan: Plan, period: BillingPeriod, locale?: string): string {
  const now =
    preview.amountDue > 0
      ? `You pay ${formatMoney(preview.amountDue, preview.currency, locale)} now: the price difference for the rest of the current billing period.`
      : preview.amountDue < 0
        ? `The unused part of your current plan, ${formatMoney(-preview.amountDue, preview.currency, locale)}, is credited to your next invoice.`
        : 'Nothing is due now.';
  const then = recurringPrice(plan, period, locale);
  return then ? `${now} After that, ${plan.name} costs ${then}.` : now;
}
