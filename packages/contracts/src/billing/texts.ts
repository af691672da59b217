// Apart from constants.ts: these texts quote the whole error catalogue, which a page that only
// needs an id or CHECKOUT_FAILED_TEXT (the pricing and course pages' first view) should not bundle.
import { ERROR_CATALOGUE } from '../http/error-catalogue';
import { CHECKOUT_FAILED_TEXT } from './public-values';

/** The user-visible texts of the billing flows, quoted where they are used; an error's text is the catalogue's. */
export const BILLING_TEXTS = {
  freePlanActive: ERROR_CATALOGUE.free_plan_active.text,
  invalidPlan: ERROR_CATALOGUE.invalid_plan.text,
  priceNotFound: ERROR_CATALOGUE.price_not_found.text,
  alreadySubscribed: ERROR_CATALOGUE.already_subscribed.text,
  checkoutFailed: CHECKOUT_FAILED_TEXT,
  portalFailed: 'Failed to open billing portal',
  cancelFailed: 'Failed to cancel subscription',
  listFailed: 'Failed to load subscriptions',
  cancelConfirm: 'Are you sure you want to cancel your subscription? You will lose access to premium features at the end of your current billing period.',
  cancelAtPeriodEnd: 'Your subscription will be canceled at the end of the current billing period.',
  resumeFailed: 'Failed to resume subscription',
  notCanceling: ERROR_CATALOGUE.not_canceling.text,
  noSubscriptionForPortal: ERROR_CATALOGUE.no_customer.text,
} as const;
