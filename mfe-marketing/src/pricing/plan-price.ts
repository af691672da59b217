import type { Plan } from '@agentdock/contracts';

export type BillingPeriod = 'monthly' | 'annual';

export type PlanPrice =
  | { kind: 'custom' }
  | {
      kind: 'amount';
      currency: string;
      /** Per month as displayed, in minor units. */
      perMonth: number;
      /** Set when billed once a year: the yearly charge, in minor units. */
      billedYearly?: number;
      /** Minor units per month saved against monthly billing, when there is a saving. */
      savingPerMonth?: number;
    };

/**
 * What a plan card shows for the chosen period. Annual shows the server's `annualPerMonthMinor`
 * (yearly price / 12, rounded); a plan without an annual option shows its monthly price.
 */
export function planPrice(plan: Plan, period: BillingPeriod): PlanPrice {
  if (plan.customPrice || (!plan.monthly && !plan.annual)) return { kind: 'custom' };
  const { currency } = plan;
  if (period === 'annual' && plan.annual && plan.annualPerMonthMinor !== null) {
    const saving = plan.monthly ? plan.monthly.amountMinor - plan.annualPerMonthMinor : 0;
    return {
      kind: 'amount',
      currency,
      perMonth: plan.annualPerMonthMinor,
      billedYearly: plan.annual.amountMinor,
      ...(saving > 0 ? { savingPerMonth: saving } : {}),
    };
  }
  if (plan.monthly) return { kind: 'amount', currency, perMonth: plan.monthly.amountMinor };
  return { kind: 'custom' };
}
