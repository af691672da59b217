import * as z from 'zod/mini';
import { CANCELLATION_COMMENT_MAX, CANCELLATION_REASONS } from './constants';

/**
 * HTTP bodies of svc-billing (behind the gateway at `/api/billing`). The caller is always the user
 * of the verified token: no route takes a customer or user id from the browser.
 */

/** The plans a card checkout can buy (free needs none; enterprise is quoted by contact). */
export const CHECKOUT_PLAN_IDS = ['starter', 'professional'] as const;
export const checkoutPlanId = z.enum(CHECKOUT_PLAN_IDS);
export type CheckoutPlanId = z.infer<typeof checkoutPlanId>;

export const BILLING_PERIODS = ['monthly', 'annual'] as const;
export const billingPeriod = z.enum(BILLING_PERIODS);
export type BillingPeriod = z.infer<typeof billingPeriod>;

/**
 * POST /api/billing/checkout. `planId` is a plain string so that "free" and unknown ids reach the
 * domain and get their own texts ('Free plan is already active!', 'Invalid plan selected'). `courseId`
 * is a catalog course id, or `community` for the $50/month community subscription.
 */
export const checkoutRequest = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('plan'), planId: z.string().check(z.minLength(1), z.maxLength(64)), billingPeriod }),
  z.object({ kind: z.literal('course'), courseId: z.string().check(z.minLength(1), z.maxLength(64)) }),
  z.object({ kind: z.literal('credits'), packId: z.string().check(z.minLength(1), z.maxLength(64)) }),
]);
export type CheckoutRequest = z.infer<typeof checkoutRequest>;

/** The browser is sent to `url` (the provider's hosted checkout or billing portal). */
export const redirectResponse = z.object({ url: z.string().check(z.url()) });
export type RedirectResponse = z.infer<typeof redirectResponse>;

export const SUBSCRIPTION_KINDS = ['plan', 'course'] as const;

export const billingSubscription = z.object({
  id: z.string().check(z.minLength(1)),
  kind: z.enum(SUBSCRIPTION_KINDS),
  /** What was bought, for the customer to tell subscriptions apart: "Starter plan", "AI Fundamentals course". */
  name: z.string().check(z.minLength(1)),
  /** The plan's tier for `plan` subscriptions, else null. */
  tier: z.nullable(z.string()),
  /** The course id (or `community`) for `course` subscriptions, else null. */
  courseId: z.nullable(z.string()),
  /** The provider's status: active, past_due, canceled, incomplete, … */
  status: z.string(),
  price: z.object({
    /** Integer minor units. */
    unitAmount: z.number().check(z.int(), z.nonnegative()),
    /** Lower-case ISO 4217. */
    currency: z.string().check(z.length(3)),
    interval: z.enum(['month', 'year']),
  }),
  /** Epoch seconds. */
  currentPeriodStart: z.number().check(z.int()),
  currentPeriodEnd: z.number().check(z.int()),
  cancelAtPeriodEnd: z.boolean(),
  /** While past_due: when access ends unless the card is fixed (ISO 8601). */
  graceEndsAt: z.nullable(z.string().check(z.iso.datetime())),
  /** While trialing: when the trial ends (ISO 8601), whether a card is on file to charge then, and what that first charge is (minor units, after discounts). */
  trial: z.nullable(
    z.object({
      endsAt: z.string().check(z.iso.datetime()),
      cardOnFile: z.boolean(),
      firstCharge: z.number().check(z.int(), z.nonnegative()),
    }),
  ),
});
export type BillingSubscription = z.infer<typeof billingSubscription>;

/** GET /api/billing/subscriptions */
export const subscriptionList = z.object({ subscriptions: z.array(billingSubscription) });
export type SubscriptionList = z.infer<typeof subscriptionList>;

/**
 * POST /api/billing/subscriptions/:id/cancel (cancellation is always at period end), with the
 * customer's optional reason and note, kept for the operator and passed on to the provider.
 */
export const cancelSubscriptionRequest = z.object({
  cancelAtPeriodEnd: z.literal(true),
  reason: z.optional(z.enum(CANCELLATION_REASONS)),
  comment: z.optional(z.string().check(z.trim(), z.maxLength(CANCELLATION_COMMENT_MAX, `Keep the note under ${CANCELLATION_COMMENT_MAX} characters.`))),
});
export type CancelSubscriptionRequest = z.infer<typeof cancelSubscriptionRequest>;

/** POST /api/billing/subscriptions/:id/change-plan and …/change-plan/preview */
export const changePlanRequest = z.object({ planId: checkoutPlanId, billingPeriod });
export type ChangePlanRequest = z.infer<typeof changePlanRequest>;

/** The prorated amount of a plan change; negative when the customer is credited. */
export const changePlanPreview = z.object({
  amountDue: z.number().check(z.int()),
  currency: z.string().check(z.length(3)),
});
export type ChangePlanPreview = z.infer<typeof changePlanPreview>;

export const creditPack = z.object({
  id: z.string().check(z.minLength(1)),
  credits: z.number().check(z.int(), z.positive()),
  /** Integer minor units. */
  amount: z.number().check(z.int(), z.positive()),
  currency: z.string().check(z.length(3)),
});
export type CreditPack = z.infer<typeof creditPack>;

/** GET /api/billing/credit-packs */
export const creditPackList = z.object({ packs: z.array(creditPack) });
export type CreditPackList = z.infer<typeof creditPackList>;

export const INVOICE_KINDS = ['plan', 'course', 'credit-pack'] as const;

/**
 * One invoice or receipt the payment provider issued to the caller: a subscription's charge, or
 * the receipt of a credit pack. The links are the provider's hosted page and PDF.
 */
export const billingInvoice = z.object({
  id: z.string().check(z.minLength(1)),
  kind: z.enum(INVOICE_KINDS),
  /** What was paid for, as the customer knows it: "Starter plan", "500,000 platform credits". */
  description: z.string(),
  /** The provider's reason: subscription_create, subscription_cycle, subscription_update, manual… */
  billingReason: z.nullable(z.string()),
  number: z.nullable(z.string()),
  /** The provider's status: open, paid, uncollectible, void. */
  status: z.string(),
  /** Integer minor units; `total` includes `tax` and is after `discount` (a promotion code's). */
  total: z.number().check(z.int()),
  tax: z.number().check(z.int()),
  discount: z.number().check(z.int(), z.nonnegative()),
  amountPaid: z.number().check(z.int()),
  amountDue: z.number().check(z.int()),
  currency: z.string().check(z.length(3)),
  /** ISO 8601. */
  issuedAt: z.string().check(z.iso.datetime()),
  hostedInvoiceUrl: z.nullable(z.string().check(z.url())),
  invoicePdfUrl: z.nullable(z.string().check(z.url())),
});
export type BillingInvoice = z.infer<typeof billingInvoice>;

/** GET /api/billing/invoices: newest first. */
export const invoiceList = z.object({ invoices: z.array(billingInvoice) });
export type InvoiceList = z.infer<typeof invoiceList>;
