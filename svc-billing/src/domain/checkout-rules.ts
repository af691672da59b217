import { BILLING_ERROR_CODES, type BillingPeriod, type CreditPack, type SubscriptionTier } from '@agentdock/contracts';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '@agentdock/service-kit';
import type { CoursePriceRow, PlanPriceRow } from '../db/schema';

/** What a plan checkout charges: the provider price id and the facts written into its metadata. */
export interface PlanCheckout {
  planId: string;
  tier: SubscriptionTier;
  billingPeriod: BillingPeriod;
  priceId: string;
}

/** The payment provider's price ids start with this prefix; the catalog's "free" marker does not. */
const PRICE_ID_PREFIX = 'price_';

/**
 * Applies the checkout rules in the order a user meets them: "free" is never bought, an unknown or
 * retired plan is invalid, a paying user changes plan on the management page instead of buying a
 * second subscription, and a plan without a price id for the chosen period cannot be sold.
 */
export function resolvePlanCheckout(
  plans: readonly PlanPriceRow[],
  request: { planId: string; billingPeriod: BillingPeriod },
  current: { tier: SubscriptionTier; hasActivePlanSubscription: boolean },
): PlanCheckout {
  if (request.planId === 'free') {
    throw new BadRequestError(undefined, { code: BILLING_ERROR_CODES.freePlanActive });
  }
  const plan = plans.find((row) => row.planId === request.planId && row.isActive && !row.deleted);
  if (!plan || plan.tier === 'free' || plan.tier === 'enterprise') {
    throw new BadRequestError(undefined, { code: BILLING_ERROR_CODES.invalidPlan });
  }
  if (current.tier !== 'free' || current.hasActivePlanSubscription) {
    throw new ConflictError(undefined, { code: BILLING_ERROR_CODES.alreadySubscribed });
  }
  const priceId = request.billingPeriod === 'annual' ? plan.annualPriceId : plan.monthlyPriceId;
  if (!priceId || !priceId.startsWith(PRICE_ID_PREFIX)) {
    throw new AppError(BILLING_ERROR_CODES.priceNotFound);
  }
  return { planId: plan.planId, tier: plan.tier as SubscriptionTier, billingPeriod: request.billingPeriod, priceId };
}

/**
 * The course as billing sells it: known, not archived, not already held by the buyer. Whether the
 * checkout is one payment or a monthly subscription follows from its `billing`.
 */
export function resolveCourseCheckout(prices: readonly CoursePriceRow[], courseId: string, enrolledCourseIds: ReadonlySet<string>): CoursePriceRow {
  const course = prices.find((entry) => entry.courseId === courseId && !entry.archived);
  if (!course) {
    throw new NotFoundError(undefined, { code: BILLING_ERROR_CODES.unknownCourse });
  }
  if (enrolledCourseIds.has(courseId)) {
    throw new ConflictError(undefined, { code: BILLING_ERROR_CODES.alreadyEnrolled });
  }
  return course;
}

/** Credit packs are data: purchased credits are kept across renewals, unlike plan credits. */
export const CREDIT_PACKS: readonly CreditPack[] = [
  { id: 'credits-500k', credits: 500_000, amount: 1_000, currency: 'usd' },
  { id: 'credits-1200k', credits: 1_200_000, amount: 2_000, currency: 'usd' },
  { id: 'credits-3500k', credits: 3_500_000, amount: 5_000, currency: 'usd' },
];

export function resolveCreditPack(packId: string): CreditPack {
  const pack = CREDIT_PACKS.find((entry) => entry.id === packId);
  if (!pack) {
    throw new NotFoundError(undefined, { code: BILLING_ERROR_CODES.unknownPack });
  }
  return pack;
}
