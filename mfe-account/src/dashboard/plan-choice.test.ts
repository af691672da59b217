import { PLAN_CHOICE_LABELS, planChoice, planSubscription, priceDifference } from './plan-choice';
import { PLANS, subscriptionFixture } from './testing';

const [free, starter, pro, enterprise] = PLANS as [(typeof PLANS)[number], (typeof PLANS)[number], (typeof PLANS)[number], (typeof PLANS)[number]];
const label = (plan: (typeof PLANS)[number], tier: Parameters<typeof planChoice>[1]) => PLAN_CHOICE_LABELS[planChoice(plan, tier, PLANS)];

describe('plan button label', () => {
  it('free user: Current Plan on Free, Upgrade Now on every paid plan', () => {
    expect(PLANS.map((plan) => label(plan, 'free'))).toEqual(['Current Plan', 'Upgrade Now', 'Upgrade Now', 'Upgrade Now']);
  });

  it('starter: Downgrade Now to Free, Upgrade Now to Pro and Enterprise', () => {
    expect(PLANS.map((plan) => label(plan, 'starter'))).toEqual(['Downgrade Now', 'Current Plan', 'Upgrade Now', 'Upgrade Now']);
  });

  it('professional: Downgrade Now to cheaper plans', () => {
    expect(PLANS.map((plan) => label(plan, 'professional'))).toEqual(['Downgrade Now', 'Downgrade Now', 'Current Plan', 'Upgrade Now']);
  });

  it('enterprise (quoted by contact) costs more than any priced plan', () => {
    expect(PLANS.map((plan) => label(plan, 'enterprise'))).toEqual(['Downgrade Now', 'Downgrade Now', 'Downgrade Now', 'Current Plan']);
    expect([free, starter, pro, enterprise].map((plan) => plan.tier)).toEqual(['free', 'starter', 'professional', 'enterprise']);
  });

  it('compares prices, not the order of tiers', () => {
    const cheapPro = { ...pro, monthly: { amountMinor: 3_000, priceId: 'price_cheap' } };
    expect(PLAN_CHOICE_LABELS[planChoice(cheapPro, 'starter', [free, starter, cheapPro])]).toBe('Downgrade Now');
  });
});

describe('running plan subscription', () => {
  it('is the plan subscription that is active, trialing or past due', () => {
    const course = subscriptionFixture({ id: 'sub_course', kind: 'course', tier: null, courseId: 'community' });
    const ended = subscriptionFixture({ id: 'sub_old', status: 'canceled' });
    const running = subscriptionFixture({ id: 'sub_now', status: 'past_due' });
    expect(planSubscription([course, ended, running])?.id).toBe('sub_now');
    expect(planSubscription([course, ended])).toBeNull();
  });
});

describe('price difference', () => {
  it('states what is due now, a credit, or nothing, then the recurring price', () => {
    expect(priceDifference({ amountDue: 2500, currency: 'usd' }, pro, 'monthly', 'en-US')).toBe(
      'You pay $25.00 now: the price difference for the rest of the current billing period. After that, Pro costs $100 per month.',
    );
    expect(priceDifference({ amountDue: -1250, currency: 'usd' }, starter, 'annual', 'en-US')).toBe(
      'The unused part of your current plan, $12.50, is credited to your next invoice. After that, Starter costs $540 per year.',
    );
    expect(priceDifference({ amountDue: 0, currency: 'usd' }, starter, 'monthly', 'en-US')).toBe('Nothing is due now. After that, Starter costs $50 per month.');
  });
});
