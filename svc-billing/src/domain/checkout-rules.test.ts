import { BILLING_TEXTS } from '@agentdock/contracts';
import { planFixture } from '@agentdock/contracts/testing';
import type { CoursePriceRow, PlanPriceRow } from '../db/schema';
import { CREDIT_PACKS, resolveCourseCheckout, resolveCreditPack, resolvePlanCheckout } from './checkout-rules';

// The Starter plan as billing's read model holds it, from the one Starter fixture.
const starter = planFixture();
const row = (overrides: Partial<PlanPriceRow>): PlanPriceRow => ({
  planId: starter.id,
  name: starter.name,
  tier: starter.tier,
  currency: starter.currency,
  monthlyPriceCents: starter.monthly!.amountMinor,
  monthlyPriceId: starter.monthly!.priceId,
  annualPriceCents: starter.annual!.amountMinor,
  annualPriceId: starter.annual!.priceId,
  platformCreditsLimit: starter.platformCreditsLimit,
  apiCallsLimit: starter.apiCallsLimit,
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

const coursePrice = (courseId: string, fields: Partial<CoursePriceRow> = {}): CoursePriceRow => ({
  courseId,
  name: courseId,
  amount: 2_500,
  currency: 'usd',
  billing: 'monthly',
  archived: false,
  lastEventAt: new Date(0),
  ...fields,
});
const coursePrices = [
  coursePrice('build-ai-agents', { amount: 15_000 }),
  coursePrice('community', { amount: 5_000 }),
  coursePrice('ai-fundamentals'),
  coursePrice('sales-basics', { amount: 9_900, billing: 'one_time' }),
  coursePrice('retired', { archived: true }),
];

describe('course and credit checkout resolution', () => {
  it("sells a course at billing's copy of its price and billing, and refuses a second enrolment", () => {
    expect(resolveCourseCheckout(coursePrices, 'build-ai-agents', new Set())).toMatchObject({ amount: 15_000, currency: 'usd', billing: 'monthly' });
    expect(resolveCourseCheckout(coursePrices, 'community', new Set())).toMatchObject({ amount: 5_000 });
    expect(resolveCourseCheckout(coursePrices, 'sales-basics', new Set())).toMatchObject({ amount: 9_900, billing: 'one_time' });
    expect(() => resolveCourseCheckout(coursePrices, 'nope', new Set())).toThrow(expect.objectContaining({ status: 404, code: 'unknown_course' }));
    expect(() => resolveCourseCheckout(coursePrices, 'ai-fundamentals', new Set(['ai-fundamentals']))).toThrow(expect.objectContaining({ status: 409, code: 'already_enrolled' }));
  });

  it('no longer sells an archived course', () => {
    expect(() => resolveCourseCheckout(coursePrices, 'retired', new Set())).toThrow(expect.objectContaining({ status: 404, code: 'unknown_course' }));
  });

  it('finds credit packs by id', () => {
    expect(resolveCreditPack('credits-500k')).toEqual({ id: 'credits-500k', credits: 500_000, amount: 1_000, currency: 'usd' });
    expect(CREDIT_PACKS.every((pack) => Number.isInteger(pack.amount) && Number.isInteger(pack.credits))).toBe(true);
    expect(() => resolveCreditPack('credits-free')).toThrow(expect.objectContaining({ status: 404 }));
  });
});

describe('checkout rules at their edges', () => {
  it('never sells Enterprise (quoted by contact) or another plan on the free tier', () => {
    const catalogue = [...plans, row({ planId: 'enterprise', tier: 'enterprise' }), row({ planId: 'basic', tier: 'free', monthlyPriceId: 'price_basic' })];
    for (const planId of ['enterprise', 'basic']) {
      expect(() => resolvePlanCheckout(catalogue, { planId, billingPeriod: 'monthly' }, freeUser)).toThrow(expect.objectContaining({ code: 'invalid_plan', status: 400 }));
    }
  });

  it('refuses a price id that is not one of the payment provider\'s (such as the catalog\'s "free" marker)', () => {
    const catalogue = [row({ monthlyPriceId: 'contact-sales' })];
    expect(() => resolvePlanCheckout(catalogue, { planId: 'starter', billingPeriod: 'monthly' }, freeUser)).toThrow(
      expect.objectContaining({ code: 'price_not_found', status: 422 }),
    );
  });

  it('explains a refused course or pack in words', () => {
    expect(() => resolveCourseCheckout(coursePrices, 'nope', new Set())).toThrow('Course not found');
    expect(() => resolveCourseCheckout(coursePrices, 'community', new Set(['community']))).toThrow('You are already enrolled in this course.');
    expect(() => resolveCreditPack('credits-free')).toThrow(expect.objectContaining({ code: 'unknown_pack', message: 'Credit pack not found' }));
  });

  it('sells the three credit packs', () => {
    expect(CREDIT_PACKS.map((pack) => resolveCreditPack(pack.id))).toEqual([
      { id: 'credits-500k', credits: 500_000, amount: 1_000, currency: 'usd' },
      { id: 'credits-1200k', credits: 1_200_000, amount: 2_000, currency: 'usd' },
      { id: 'credits-3500k', credits: 3_500_000, amount: 5_000, currency: 'usd' },
    ]);
  });
});
