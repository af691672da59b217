import type { Plan } from '@agentdock/contracts';

export type BillingPeriod = 'monthly' | 'annual';

export type PlanPrice =
  | { kind: 'custom' }
  | {
      kind: 'amount';
      /** Dollars per month as displayed. */
      perMonth: number;
      /** Set when billed once a year: the yearly charge. */
      billedYearly?: number;
      /** Dollars per month saved against monthly billing, when there is a saving. */
      savingPerMonth?: number;
    };

/**
 * What a plan card shows for the chosen period. Annual shows the server's `annualPerMonth`
 * (yearly price / 12, rounded); a plan without an annual option shows its monthly price.
 */
export function planPrice(plan: Plan, period: BillingPeriod): PlanPrice {
  if (plan.customPrice || (!plan.monthly && !plan.annual)) return { kind: 'custom' };
  if (period === 'annual' && plan.annual && plan.annualPerMonth !== null) {
    const saving = plan.monthly ? plan.monthly.amount - plan.annualPerMonth : 0;
    return {
      kind: 'amount',
      perMonth: plan.annualPerMonth,
      billedYearly: plan.annual.amount,
      ...(saving > 0 ? { savingPerMonth: saving } : {}),
    };
  }
  if (plan.monthly) return { kind: 'amount', perMonth: plan.monthly.amount };
  return { kind: 'custom' };
}

const dollarFormats = {
  whole: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }),
  cents: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }),
};

export function formatDollars(amount: number): string {
  return (Number.isInteger(amount) ? dollarFormats.whole : dollarFormats.cents).format(amount);
}
