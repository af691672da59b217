/**
 * The billing contract's plain values: no schemas here, so a page can quote a text or an id
 * without loading zod. What the public pages quote at first view is in public-values.ts: webpack
 * keeps every export of a module any chunk uses, so the error codes and cancellation reasons the
 * checkout and account code read would otherwise ride along on the pricing, course and sign-up pages.
 */
import type { ErrorCode } from '../http/error-catalogue';

/** Stable error codes of the billing routes; the message carries the user-visible text (ERROR_CATALOGUE's, unless more specific). */
export const BILLING_ERROR_CODES = {
  freePlanActive: 'free_plan_active',
  invalidPlan: 'invalid_plan',
  priceNotFound: 'price_not_found',
  /** A webhook names a price no plan has yet (answered so that the provider retries). */
  unknownPrice: 'unknown_price',
  alreadySubscribed: 'already_subscribed',
  alreadyEnrolled: 'already_enrolled',
  unknownCourse: 'unknown_course',
  unknownPack: 'unknown_pack',
  noCustomer: 'no_customer',
  subscriptionNotFound: 'subscription_not_found',
  subscriptionNotActive: 'subscription_not_active',
  notCanceling: 'not_canceling',
  samePlan: 'same_plan',
  provider: 'payment_provider_error',
  organisationNotFound: 'organisation_not_found',
  teamAdminRequired: 'team_admin_required',
  teamSubscriptionExists: 'team_subscription_exists',
  noTeamSubscription: 'no_team_subscription',
  sameSeats: 'same_seats',
  seatsBelowMembers: 'seats_below_members',
} as const satisfies Record<string, ErrorCode>;
export type BillingErrorCode = (typeof BILLING_ERROR_CODES)[keyof typeof BILLING_ERROR_CODES];

/** Why a customer cancels: Stripe's `cancellation_details.feedback` values, so the provider's reports agree. */
export const CANCELLATION_REASONS = ['too_expensive', 'missing_features', 'switched_service', 'unused', 'customer_service', 'too_complex', 'low_quality', 'other'] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

/** What the cancel dialog offers, and how the operator's overview names each reason. */
export const CANCELLATION_REASON_LABELS: Record<CancellationReason, string> = {
  too_expensive: 'It’s too expensive',
  missing_features: 'Some features are missing',
  switched_service: 'I’m switching to another service',
  unused: 'I don’t use it enough',
  customer_service: 'Customer service was less than expected',
  too_complex: 'It’s too hard to use',
  low_quality: 'Quality was less than expected',
  other: 'Another reason',
};

/** The longest note a customer may leave with a cancellation (Stripe keeps up to 5,000 characters). */
export const CANCELLATION_COMMENT_MAX = 500;
