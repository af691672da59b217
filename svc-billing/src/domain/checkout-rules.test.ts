import { BILLING_TEXTS } from '@agentdock/contracts';
import type { PlanPriceRow } from '../db/schema';
import { CREDIT_PACKS, resolveCourseCheckout, resolveCreditPack, resolvePlanCheckout } from './checkout-rules';

const row = (overrides: Partial<PlanPriceRow>): PlanPriceRow => ({
  planId: 'starter',
  name: 'Starter',
  tier: 'starter',
  monthlyPriceCents: 5_000,
  monthlyPriceId: 'price_starter_monthly',
  annualPriceCents: 54_000,
  annualPriceId: 'price_starter_annual',
  platformCreditsLimit: 1_000_000,
  apiCallsLimit: 250,
  isActive: true,
  deleted: false,
  lastEventAt: new Date('2025-01-01T00:00:00Z'),
  ...overrides,
});

const plans = [
  row({ planId: 'free', name: 'Free', tier: 'free', monthlyPriceId: 'free', annualPriceId: 'free' }),
  row({}),
  row({ planId: 'professional', name: 'Pro', tier: 'professional', monthlyPriceId: 'price_professional_monthly', annualPriceId: null }),
  row({ planId: 'retired', tier: 'starter', isActive: false }),
];
const freeUser = { tier: 'free' as const, hasActivePlanSubscription: false };

describe('plan checkout resolution', () => {
  it('picks the price id of the chosen period', () => {
    expect(resolvePlanCheckout(plans, { planId: 'starter', billingPeriod: 'monthly' }, freeUser)).toEqual({
      planId: 'starter',
      tier: 'starter',
      billingPeriod: 'monthly',
      priceId: 'price_starter_monthly',
    });
    expect(resolvePlanCheckout(plans, { planId: 'starter', billingPeriod: 'annual' }, freeUser).priceId).toBe('price_starter_annual');
  });

  it.each([
    ['free', 'monthly', { code: 'free_plan_active', status: 400, message: BILLING_TEXTS.freePlanActive }],
    ['gold', 'monthly', { code: 'invalid_plan', status: 400, message: BILLING_TEXTS.invalidPlan }],
    ['retired', 'monthly', { code: 'invalid_plan', status: 400, message: BILLING_TEXTS.invalidPlan }],
    ['professional', 'annual', { code: 'price_not_found', status: 422, message: BILLING_TEXTS.priceNotFound }],
  ] as const)('rejects %s (%s) with its text', (planId, billingPeriod, expected) => {
    expect(() => resolvePlanCheckout(plans, { planId, billingPeriod }, freeUser)).toThrow(expect.objectContaining(expected));
  });

  it('sends a paying user to the management page instead of a second subscription', () => {
    const expected = expect.objectContaining({ code: 'already_subscribed', status: 409, message: BILLING_TEXTS.alreadySubscribed });
    expect(() => resolvePlanCheckout(plans, { planId: 'professional', billingPeriod: 'monthly' }, { tier: 'starter', hasActivePlanSubscription: false })).toThrow(expected);
    expect(() => resolvePlanCheckout(plans, { planId: 'professional', billingPeriod: 'monthly' }, { tier: 'free', hasActivePlanSubscription: true })).toThrow(expected);
  });
});

describe('course and credit checkout resolution', () => {
  it('prices courses monthly in minor units and refuses a second enrolment', () => {
    expect(resolveCourseCheckout('build-ai-agents', new Set())).toMatchObject({ amount: 15_000, currency: 'usd' });
    expect(resolveCourseCheckout('community', new Set())).toMatchObject({ amount: 5_000 });
    expect(() => resolveCourseCheckout('nope', new Set())).toThrow(expect.objectContaining({ status: 404, code: 'unknown_course' }));
    expect(() => resolveCourseCheckout('ai-fundamentals', new Set(['ai-fundamentals']))).toThrow(
      expect.objectContaining({ status: 409, code: 'already_enrolled' }),
    );
  });

  it('finds credit packs by id', () => {
    expect(resolveCreditPack('credits-500k')).toEqual({ id: 'credits-500k', credits: 500_000, amount: 1_000, currency: 'usd' });
    expect(CREDIT_PACKS.every((pack) => Number.isInteger(pack.amount) && Number.isInteger(pack.credits))).toBe(true);
    expect(() => resolveCreditPack('credits-free')).toThrow(expect.objectContaining({ status: 404 }));
  });
});
