import { z } from 'zod';
import { paidTier, subscriptionPeriodFacts } from './billing';
import { defineEvent } from './envelope';

/**
 * Billing's events about an organisation's (a team's) subscription. They are apart from the
 * person's `billing.subscription.*` events on purpose: the member who pays for a team keeps their
 * own tier and wallet. Consumers: svc-identity caps accepted members at `seats` and refuses to
 * delete a team with a live subscription; svc-chat fills the team's credit pool (the plan's monthly
 * credits × seats).
 */

const organisationId = z.string().uuid();

/** Where the team's subscription stands, as identity needs it: active, trialing and past_due still hold the seats. */
export const TEAM_SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'none'] as const;

/**
 * The paid seats changed: bought, added or removed (prorated by the provider), or the subscription
 * ended (`seats` 0, status `canceled`), or its status moved. One event per change; apply it only
 * when its envelope's `occurredAt` is newer than the one applied last.
 */
export const seatsChangedV1 = defineEvent(
  'billing.seats.changed',
  1,
  z.object({
    organisationId,
    subscriptionId: z.string().min(1).nullable(),
    /** The plan the seats are of, from the price paid; null once nothing is paid. */
    tier: paidTier.nullable(),
    seats: z.number().int().nonnegative(),
    previousSeats: z.number().int().nonnegative(),
    subscriptionStatus: z.enum(TEAM_SUBSCRIPTION_STATUSES),
  }),
);

const teamSubscriptionFacts = subscriptionPeriodFacts.extend({ organisationId, seats: z.number().int().positive() });

/** The team's first payment went through: its pool gets the plan's credits × seats for the period. */
export const teamSubscriptionActivatedV1 = defineEvent('billing.team-subscription.activated', 1, teamSubscriptionFacts);

/** A renewal was paid: the pool's plan credits reset to credits × seats (no rollover). */
export const teamSubscriptionRenewedV1 = defineEvent('billing.team-subscription.renewed', 1, teamSubscriptionFacts);

/** The team moved to another plan (prorated): the period keeps its usage. */
export const teamSubscriptionPlanChangedV1 = defineEvent('billing.team-subscription.plan-changed', 1, teamSubscriptionFacts.extend({ previousTier: paidTier }));

/** The team's subscription ended: the pool gets no more plan credits (purchased ones stay). */
export const teamSubscriptionCanceledV1 = defineEvent(
  'billing.team-subscription.canceled',
  1,
  z.object({ organisationId, subscriptionId: z.string().min(1), tier: paidTier, reason: z.enum(['canceled', 'unpaid']), endedAt: z.string().datetime() }),
);

/** A credit pack bought for the team's pool; purchased credits survive renewals. */
export const teamCreditsPurchasedV1 = defineEvent(
  'billing.team-credits.purchased',
  1,
  z.object({
    organisationId,
    /** The member who paid. */
    userId: z.string().uuid(),
    /** Unique per purchase (the provider's checkout session id). */
    purchaseId: z.string().min(1),
    packId: z.string().min(1),
    credits: z.number().int().positive(),
    amount: z.number().int().nonnegative(),
    currency: z.string().length(3),
  }),
);
