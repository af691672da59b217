import { userFixture } from '@agentdock/contracts/testing';
import { ALREADY_SUBSCRIBED_ALERT, paidPlanStep } from './paid-plan';

describe('paidPlanStep', () => {
  it('sends a visitor who is not signed in (or not known yet) to sign in and back to pricing', () => {
    const signIn = { kind: 'sign-in', to: '/signin?returnUrl=%2Fpricing' };
    expect(paidPlanStep({ status: 'signed-out' })).toEqual(signIn);
    expect(paidPlanStep({ status: 'loading' })).toEqual(signIn);
  });

  it('starts checkout for a signed-in customer on the free tier', () => {
    expect(paidPlanStep({ status: 'signed-in', user: userFixture({ subscriptionTier: 'free' }) })).toEqual({ kind: 'checkout' });
  });

  it('sends a customer on any paid tier to change plan from the subscription tab', () => {
    for (const subscriptionTier of ['starter', 'professional', 'enterprise'] as const) {
      expect(paidPlanStep({ status: 'signed-in', user: userFixture({ subscriptionTier }) })).toEqual({
        kind: 'manage-subscription',
        alert: ALREADY_SUBSCRIBED_ALERT,
        to: '/dashboard?tab=subscription',
      });
    }
  });
});
