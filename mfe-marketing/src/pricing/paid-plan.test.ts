import { seededPlanFixture, seededPlansFixture, userFixture } from '@agentdock/contracts/testing';
import { cardChoice, paidPlanStep } from './paid-plan';

describe('paidPlanStep', () => {
  it('sends a visitor who is not signed in (or not known yet) to sign up, the plan and period kept in its return path', () => {
    const signUp = { kind: 'sign-up', to: `/signup?returnUrl=${encodeURIComponent('/pricing?checkout=starter&period=annual')}` };
    expect(paidPlanStep({ status: 'signed-out' }, { id: 'starter' }, 'annual')).toEqual(signUp);
    expect(paidPlanStep({ status: 'loading' }, { id: 'starter' }, 'annual')).toEqual(signUp);
  });

  it('starts checkout for a signed-in customer on the free tier', () => {
    expect(paidPlanStep({ status: 'signed-in', user: userFixture({ subscriptionTier: 'free' }) }, { id: 'starter' }, 'monthly')).toEqual({ kind: 'checkout' });
  });

  it('sends a customer on any paid tier to change plan from the subscription tab', () => {
    for (const subscriptionTier of ['starter', 'professional', 'enterprise'] as const) {
      expect(paidPlanStep({ status: 'signed-in', user: userFixture({ subscriptionTier }) }, { id: 'professional' }, 'monthly')).toEqual({
        kind: 'change-plan',
        to: '/dashboard?tab=subscription',
      });
    }
  });
});

describe('cardChoice', () => {
  const plans = seededPlansFixture();
  it('compares each card with the customer’s plan by price; a visitor has none', () => {
    const starter = { status: 'signed-in' as const, user: userFixture({ subscriptionTier: 'starter' }) };
    expect(cardChoice(starter, seededPlanFixture('starter'), plans)).toBe('current');
    expect(cardChoice(starter, seededPlanFixture('professional'), plans)).toBe('upgrade');
    expect(cardChoice(starter, seededPlanFixture('free'), plans)).toBe('downgrade');
    expect(cardChoice({ status: 'signed-out' }, seededPlanFixture('starter'), plans)).toBeNull();
  });
});
