import { planFixture } from '@agentdock/contracts/testing';
import { planPrice } from './plan-price';

describe('planPrice', () => {
  it('offers no saving when annual costs the same per month as monthly', () => {
    const plan = { ...planFixture(), annualPerMonthMinor: planFixture().monthly!.amountMinor };
    expect(planPrice(plan, 'annual')).toEqual({ kind: 'amount', currency: 'usd', perMonth: 5_000, billedYearly: 54_000 });
  });

  it('reports the per-month saving when annual is cheaper', () => {
    const plan = { ...planFixture(), annualPerMonthMinor: planFixture().monthly!.amountMinor - 300 };
    expect(planPrice(plan, 'annual')).toMatchObject({ savingPerMonth: 300 });
  });
});

describe('planPrice for plans without a usual price', () => {
  const starter = planFixture();

  it('shows a custom price for a plan quoted by contact, whatever its stored amounts', () => {
    expect(planPrice(planFixture({ customPrice: true }), 'monthly')).toEqual({ kind: 'custom' });
    expect(planPrice(planFixture({ customPrice: true }), 'annual')).toEqual({ kind: 'custom' });
  });

  it('shows a custom price for a plan with neither a monthly nor an annual amount', () => {
    expect(planPrice(planFixture({ monthly: null, annual: null, annualPerMonthMinor: null }), 'monthly')).toEqual({ kind: 'custom' });
  });

  it('shows the monthly price for the monthly period', () => {
    expect(planPrice(starter, 'monthly')).toEqual({ kind: 'amount', currency: 'usd', perMonth: 5_000 });
  });

  it('falls back to the monthly price when a plan has no annual option', () => {
    expect(planPrice(planFixture({ annual: null, annualPerMonthMinor: null }), 'annual')).toEqual({ kind: 'amount', currency: 'usd', perMonth: 5_000 });
  });

  it('shows an annual-only plan as its per-month figure, and as custom for the monthly period', () => {
    const annualOnly = planFixture({ monthly: null });
    expect(planPrice(annualOnly, 'annual')).toEqual({ kind: 'amount', currency: 'usd', perMonth: 4_500, billedYearly: 54_000 });
    expect(planPrice(annualOnly, 'monthly')).toEqual({ kind: 'custom' });
  });
});
