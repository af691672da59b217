import { PLANS } from '../test-support/plans';
import { planFixture } from '@agentdock/contracts/testing';
import { formatDollars, planPrice } from './plan-price';

describe('planPrice', () => {
  it('offers no saving when annual costs the same per month as monthly', () => {
    const plan = { ...PLANS.starter, annualPerMonth: PLANS.starter.monthly!.amount };
    expect(planPrice(plan, 'annual')).toEqual({ kind: 'amount', perMonth: plan.annualPerMonth, billedYearly: plan.annual!.amount });
  });

  it('reports the per-month saving when annual is cheaper', () => {
    const plan = { ...PLANS.starter, annualPerMonth: PLANS.starter.monthly!.amount - 3 };
    expect(planPrice(plan, 'annual')).toMatchObject({ savingPerMonth: 3 });
  });
});

describe('planPrice for plans without a usual price', () => {
  const starter = planFixture();

  it('shows a custom price for a plan quoted by contact, whatever its stored amounts', () => {
    expect(planPrice(planFixture({ customPrice: true }), 'monthly')).toEqual({ kind: 'custom' });
    expect(planPrice(planFixture({ customPrice: true }), 'annual')).toEqual({ kind: 'custom' });
  });

  it('shows a custom price for a plan with neither a monthly nor an annual amount', () => {
    expect(planPrice(planFixture({ monthly: null, annual: null, annualPerMonth: null }), 'monthly')).toEqual({ kind: 'custom' });
  });

  it('shows the monthly price for the monthly period', () => {
    expect(planPrice(starter, 'monthly')).toEqual({ kind: 'amount', perMonth: 50 });
  });

  it('falls back to the monthly price when a plan has no annual option', () => {
    expect(planPrice(planFixture({ annual: null, annualPerMonth: null }), 'annual')).toEqual({ kind: 'amount', perMonth: 50 });
  });

  it('shows an annual-only plan as its per-month figure, and as custom for the monthly period', () => {
    const annualOnly = planFixture({ monthly: null });
    expect(planPrice(annualOnly, 'annual')).toEqual({ kind: 'amount', perMonth: 45, billedYearly: 540 });
    expect(planPrice(annualOnly, 'monthly')).toEqual({ kind: 'custom' });
  });
});

describe('formatDollars', () => {
  it('shows whole dollars without cents and other amounts with two decimals', () => {
    expect(formatDollars(50)).toBe('$50');
    expect(formatDollars(1234)).toBe('$1,234');
    expect(formatDollars(12.5)).toBe('$12.50');
  });
});
