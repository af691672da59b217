import { PLANS } from '../test-support/plans';
import { planPrice } from './plan-price';

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
