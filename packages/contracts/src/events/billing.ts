import { z } from 'zod';
import { billingPeriod } from '../billing/http';
import { SUBSCRIPTION_TIERS } from '../catalog/tier';
import { defineEvent } from './envelope';

/**
 * Billing turns payment-provider facts into these platform events. Consumers: svc-identity keeps
 * the user's tier (and sends the emails, since it owns the address), svc-chat resets or tops up
 * the credit wallet, svc-catalog grants and revokes course enrolment.
 */

/** The paid tiers a card subscription can hold (free has no subscription; enterprise is by contract). */
export const paidTier = z.enum(SUBSCRIPTION_TIERS).exclude(['free']);

/** A plan subscription's period, as a person's and a team's subscription events both carry it. */
export const subscriptionPeriodFacts = z.object({
  /** The payment provider's subscription id (e.g. `sub_…`). */
  subscriptionId: z.string().min(1),
  tier: paidTier,
  billingPeriod,
  /** The credit period this event starts or belongs to (ISO 8601). */
  periodStart: z.string().datetime(),
  periodEnd: z.string().datetime(),
});

const subscriptionFacts = subscriptionPeriodFacts.extend({ userId: z.string().uuid() });

/** First successful payment of a plan subscription: the user holds `tier` from now on. */
export const subscriptionActivatedV1 = defineEvent('billing.subscription.activated', 1, subscriptionFacts);

/** A renewal was paid: a new credit period starts (plan credits reset, no rollover). */
export const subscriptionRenewedV1 = defineEvent('billing.subscription.renewed', 1, subscriptionFacts);

/** Upgrade or downgrade of a running subscription (prorated by the provider). */
export const subscriptionPlanChangedV1 = defineEvent('billing.subscription.plan-changed', 1, subscriptionFacts.extend({ previousTier: paidTier }));

/** A renewal payment failed: access continues until `graceEndsAt`, then the user moves to free. */
export const subscriptionPastDueV1 = defineEvent(
  'billing.subscription.past-due',
  1,
  z.object({
    userId: z.string().uuid(),
    subscriptionId: z.string().min(1),
    tier: paidTier,
    graceEndsAt: z.string().datetime(),
    /** Where the customer fixes the card (the platform page that opens the billing portal). */
    manageUrl: z.string().url(),
  }),
);

/** The subscription ended (cancelled at period end, or unpaid after the grace period): back to free. */
export const subscriptionCanceledV1 = defineEvent(
  'billing.subscription.canceled',
  1,
  z.object({
    userId: z.string().uuid(),
    subscriptionId: z.string().min(1),
    tier: paidTier,
    reason: z.enum(['canceled', 'unpaid']),
    endedAt: z.string().datetime(),
  }),
);

const courseAccess = z.object({
  userId: z.string().uuid(),
  /** A course id of the catalog, or `community` for the $50/month community course. */
  courseId: z.string().min(1).max(64),
  subscriptionId: z.string().min(1),
  /** A one-time course paid once (`subscriptionId` is then its checkout session, which never ends); absent for a subscription. Added in v1: older events lack it. */
  oneTime: z.boolean().optional(),
});

/** A paid course subscription is active, or a one-time course was paid: the catalog enrols the user (source `subscription` or `purchase`). */
export const courseAccessGrantedV1 = defineEvent('billing.course-access.granted', 1, courseAccess);

/** The course subscription ended: the catalog revokes that enrolment. */
export const courseAccessRevokedV1 = defineEvent('billing.course-access.revoked', 1, courseAccess);

/** A one-off credit pack was paid; purchased credits survive renewals. */
export const creditsPurchasedV1 = defineEvent(
  'billing.credits.purchased',
  1,
  z.object({
    userId: z.string().uuid(),
    /** Unique per purchase (the provider's checkout session id); consumers may key on it. */
    purchaseId: z.string().min(1),
    packId: z.string().min(1),
    credits: z.number().int().positive(),
    /** Integer minor units. */
    amount: z.number().int().nonnegative(),
    currency: z.string().length(3),
  }),
);

/**
 * A subscription charge went through (first payment, renewal, or the prorated charge of a plan
 * change): svc-identity emails the receipt, since it owns the address. A change that credits the
 * customer charges nothing and sends none.
 */
export const paymentReceivedV1 = defineEvent(
  'billing.payment.received',
  1,
  z.object({
    userId: z.string().uuid(),
    /** The provider's invoice id (`in_…`): one receipt per invoice. */
    invoiceId: z.string().min(1),
    subscriptionId: z.string().min(1),
    /** What was paid for, as the customer knows it: "Starter plan", "Build AI Agents course". */
    description: z.string().min(1).max(200),
    reason: z.enum(['first-payment', 'renewal', 'plan-change']),
    /** Integer minor units actually charged. */
    amount: z.number().int().positive(),
    currency: z.string().length(3),
    paidAt: z.string().datetime(),
    /** The platform page that opens the billing portal (invoices, card, cancellation). */
    manageUrl: z.string().url(),
    /** The provider's page and PDF of this invoice, which the receipt links to (absent from events sent before they were added). */
    hostedInvoiceUrl: z.string().url().nullable().optional(),
    invoicePdfUrl: z.string().url().nullable().optional(),
  }),
);

/**
 * A plan's free trial ends in three days (Stripe's `customer.subscription.trial_will_end`):
 * svc-identity emails the customer. Without a card on file the plan then ends and the customer is
 * back on free; with one, the first charge is made.
 */
export const subscriptionTrialEndingV1 = defineEvent(
  'billing.subscription.trial-ending',
  1,
  z.object({
    userId: z.string().uuid(),
    subscriptionId: z.string().min(1),
    tier: paidTier,
    trialEnd: z.string().datetime(),
    cardOnFile: z.boolean(),
    /** Integer minor units charged at the end of the trial when a card is on file. */
    amount: z.number().int().nonnegative(),
    currency: z.string().length(3),
    manageUrl: z.string().url(),
  }),
);
