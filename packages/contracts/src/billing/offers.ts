import * as z from 'zod/mini';
import { BILLING_BASE } from '../http/bases';
import { defineEndpoint } from '../http/endpoint';
import { billingPeriod, checkoutPlanId } from './http';

/**
 * The operator's billing offers (admins only, behind the gateway at /api/billing/admin): free
 * trials per plan and period, coupons with their customer-facing promotion codes, and the tax setting.
 */

/** Stripe's limit for `trial_period_days`. */
export const TRIAL_DAYS_MAX = 730;

export const planTrial = z.object({
  planId: checkoutPlanId,
  billingPeriod,
  /** 0: no trial. */
  days: z.number().check(z.int(), z.nonnegative(), z.lte(TRIAL_DAYS_MAX, `A trial lasts at most ${TRIAL_DAYS_MAX} days.`)),
  /** Whether Checkout asks for a card before the trial starts; without one, the trial ends in a cancellation. */
  cardRequired: z.boolean(),
});
export type PlanTrial = z.infer<typeof planTrial>;

/** GET /api/billing/admin/trials: every paid plan and period, with its trial (days 0 when none is set). */
export const planTrialList = z.object({ trials: z.array(planTrial) });
export type PlanTrialList = z.infer<typeof planTrialList>;

export const COUPON_DURATIONS = ['once', 'repeating', 'forever'] as const;
export type CouponDuration = (typeof COUPON_DURATIONS)[number];

/** A promotion code's text: what the customer types at checkout (Stripe's rule: letters, digits, - and _). */
const promotionCodeText = z
  .string()
  .check(
    z.trim(),
    z.minLength(3, 'Use at least 3 characters.'),
    z.maxLength(40, 'Use at most 40 characters.'),
    z.regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, hyphens and underscores only.'),
  );

/**
 * POST /api/billing/admin/promotion-codes: a coupon (percent or amount off, for how long, how many
 * times, until when) and the code customers type for it, made at the payment provider.
 */
export const createPromotionRequest = z
  .object({
    code: promotionCodeText,
    name: z.optional(z.string().check(z.trim(), z.maxLength(40, 'Keep the name under 40 characters.'))),
    discount: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('percent'), percentOff: z.number().check(z.positive(), z.lte(100, 'A percentage is at most 100.')) }),
      z.object({ kind: z.literal('amount'), amountOff: z.number().check(z.int(), z.positive()), currency: z.string().check(z.length(3)) }),
    ]),
    duration: z.enum(COUPON_DURATIONS),
    /** Required for `repeating`: how many monthly invoices the discount applies to. */
    durationInMonths: z.optional(z.number().check(z.int(), z.positive(), z.lte(36))),
    maxRedemptions: z.optional(z.number().check(z.int(), z.positive())),
    /** ISO 8601: the code cannot be redeemed from then on. */
    expiresAt: z.optional(z.string().check(z.iso.datetime())),
  })
  .check(
    z.refine((value) => (value.duration === 'repeating') === (value.durationInMonths !== undefined), {
      message: 'Give the number of months for a repeating discount (and only for one).',
      path: ['durationInMonths'],
    }),
  );
export type CreatePromotionRequest = z.infer<typeof createPromotionRequest>;

export const promotionCode = z.object({
  /** The provider's promotion code id (`promo_…`). */
  id: z.string(),
  code: z.string(),
  active: z.boolean(),
  couponId: z.string(),
  name: z.nullable(z.string()),
  percentOff: z.nullable(z.number()),
  amountOff: z.nullable(z.number()),
  currency: z.nullable(z.string()),
  duration: z.enum(COUPON_DURATIONS),
  durationInMonths: z.nullable(z.number()),
  maxRedemptions: z.nullable(z.number()),
  timesRedeemed: z.number(),
  expiresAt: z.nullable(z.string()),
});
export type PromotionCodeView = z.infer<typeof promotionCode>;

export const promotionCodeList = z.object({ codes: z.array(promotionCode) });
export type PromotionCodeList = z.infer<typeof promotionCodeList>;

/** POST /api/billing/admin/promotion-codes/:id: switch a code off (or back on). */
export const updatePromotionRequest = z.object({ active: z.boolean() });

/** GET/PUT /api/billing/admin/settings. */
export const billingSettingsBody = z.object({
  /** Checkout computes tax, collects the billing address and tax ids; invoices show the tax. Off by default. */
  taxEnabled: z.boolean(),
});
export type BillingSettingsBody = z.infer<typeof billingSettingsBody>;

export const BILLING_ADMIN_ENDPOINTS = {
  trials: defineEndpoint('GET', BILLING_BASE, '/admin/trials', { response: planTrialList }),
  setTrial: defineEndpoint('PUT', BILLING_BASE, '/admin/trials', { request: planTrial, response: planTrial }),
  promotionCodes: defineEndpoint('GET', BILLING_BASE, '/admin/promotion-codes', { response: promotionCodeList }),
  createPromotionCode: defineEndpoint('POST', BILLING_BASE, '/admin/promotion-codes', { request: createPromotionRequest, response: promotionCode }),
  updatePromotionCode: defineEndpoint('POST', BILLING_BASE, '/admin/promotion-codes/:id', { request: updatePromotionRequest, response: promotionCode }),
  settings: defineEndpoint('GET', BILLING_BASE, '/admin/settings', { response: billingSettingsBody }),
  setSettings: defineEndpoint('PUT', BILLING_BASE, '/admin/settings', { request: billingSettingsBody, response: billingSettingsBody }),
} as const;
