/**
 * The billing contract's plain values: no schemas here, so a page can quote a text or an id
 * without loading zod (the pricing and course pages show these before anyone checks out).
 */

/** The course id of the $50/month community subscription. */
export const COMMUNITY_COURSE_ID = 'community';

/** Stable error codes of the billing routes; the message carries the user-visible text. */
export const BILLING_ERROR_CODES = {
  freePlanActive: 'free_plan_active',
  invalidPlan: 'invalid_plan',
  priceNotFound: 'price_not_found',
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
} as const;
export type BillingErrorCode = (typeof BILLING_ERROR_CODES)[keyof typeof BILLING_ERROR_CODES];

/** The user-visible texts of the billing flows, quoted where they are used. */
export const BILLING_TEXTS = {
  freePlanActive: 'Free plan is already active!',
  invalidPlan: 'Invalid plan selected',
  priceNotFound: 'Price configuration not found. Please contact support.',
  alreadySubscribed: 'You already have an active subscription. Please visit the subscription management page to upgrade or downgrade your plan.',
  checkoutFailed: 'Failed to process checkout. Please try again.',
  portalFailed: 'Failed to open billing portal',
  cancelFailed: 'Failed to cancel subscription',
  listFailed: 'Failed to load subscriptions',
  cancelConfirm: 'Are you sure you want to cancel your subscription? You will lose access to premium features at the end of your current billing period.',
  cancelAtPeriodEnd: 'Your subscription will be canceled at the end of the current billing period.',
  resumeFailed: 'Failed to resume subscription',
  notCanceling: 'This subscription is not set to end, so there is nothing to resume.',
  noSubscriptionForPortal: 'You have no subscription yet, so there is no billing to manage. Choose a plan to get started.',
} as const;
