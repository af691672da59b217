import { BILLING_TEXTS, COURSE_MONTHLY_PRICES } from '@agentdock/contracts';
import { planFixture } from '@agentdock/contracts/testing';
import type { PlanPriceRow } from '../db/schema';
import { COURSE_PRICES, CREDIT_PACKS, resolveCourseCheckout, resolveCreditPack, resolvePlanCheckout } from './checkout-rules';

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

describe('course and credit checkout resolution', () => {
  it('prices courses monthly in minor units and refuses a second enrolment', () => {
    expect(resolveCourseCheckout('build-ai-agents', new Set())).toMatchObject({ amount: 15_000, currency: 'usd' });
    expect(resolveCourseCheckout('community', new Set())).toMatchObject({ amount: 5_000 });
    expect(() => resolveCourseCheckout('nope', new Set())).toThrow(expect.objectContaining({ status: 404, code: 'unknown_course' }));
    expect(() => resolveCourseCheckout('ai-fundamentals', new Set(['ai-fundamentals']))).toThrow(expect.objectContaining({ status: 409, code: 'already_enrolled' }));
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

  it('prices every course at its monthly figure: $25, $150, $70, $100 and the $50 community course', () => {
    expect(Object.fromEntries(COURSE_PRICES.map((course) => [course.courseId, [course.name, course.amount, course.currency]]))).toEqual({
      'ai-fundamentals': ['AI Fundamentals', 2_500, 'usd'],
      'build-ai-agents': ['Build AI Agents', 15_000, 'usd'],
      'advanced-implementation': ['Advanced Implementation', 7_000, 'usd'],
      'customer-service': ['AI for Customer Service', 10_000, 'usd'],
      community: ['Community', 5_000, 'usd'],
    });
    for (const course of COURSE_PRICES) expect(resolveCourseCheckout(course.courseId, new Set())).toBe(course);
  });

  it('sells every course the contracts price, at that price (the figure the course pages show)', () => {
    expect(COURSE_PRICES.map((course) => course.courseId).sort()).toEqual(Object.keys(COURSE_MONTHLY_PRICES).sort());
    for (const course of COURSE_PRICES) {
      const price = COURSE_MONTHLY_PRICES[course.courseId as keyof typeof COURSE_MONTHLY_PRICES];
      expect({ amount: course.amount, currency: course.currency }).toEqual({ amount: price.priceMinor, currency: price.currency });
    }
  });

  it('explains a refused course or pack in words', () => {
    expect(() => resolveCourseCheckout('nope', new Set())).toThrow('Course not found');
    expect(() => resolveCourseCheckout('community', new Set(['community']))).toThrow('You are already enrolled in this course.');
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
