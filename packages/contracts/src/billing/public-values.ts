/**
 * The billing values the public pages quote before anyone checks out (the pricing, course and
 * sign-up pages): a module of their own, apart from constants.ts, so their first view carries only
 * these (~0.3-0.6 KB gzipped less than with the error codes and cancellation reasons beside them).
 */

/** The course id of the $50/month community subscription. */
export const COMMUNITY_COURSE_ID = 'community';

/** A buy button's failure; BILLING_TEXTS quotes it too. */
export const CHECKOUT_FAILED_TEXT = 'Failed to process checkout. Please try again.';

/**
 * A paid plan chosen before having an account: the pricing page with `checkout` and `period`
 * starts that plan's checkout once the visitor is signed in. It is the return path of sign-up,
 * so the confirmation link carries it (on any device) and sign-in after it lands there too.
 */
export const CHECKOUT_INTENT_PARAMS = { plan: 'checkout', period: 'period' } as const;
export interface CheckoutIntent {
  planId: string;
  period: 'monthly' | 'annual';
}

export function checkoutIntentPath(intent: CheckoutIntent): string {
  return `/pricing?${new URLSearchParams({ [CHECKOUT_INTENT_PARAMS.plan]: intent.planId, [CHECKOUT_INTENT_PARAMS.period]: intent.period }).toString()}`;
}

/** The intent in a query string (`?checkout=starter&period=annual`), or null; an unknown period reads as monthly. */
export function checkoutIntentOf(search: string): CheckoutIntent | null {
  const params = new URLSearchParams(search);
  const planId = params.get(CHECKOUT_INTENT_PARAMS.plan);
  if (!planId || !/^[a-z0-9-]{1,64}$/.test(planId)) return null;
  const period = params.get(CHECKOUT_INTENT_PARAMS.period);
  return { planId, period: period === 'annual' ? 'annual' : 'monthly' };
}

/** The intent carried in a return path (`/pricing?checkout=…`), or null for any other page. */
export function checkoutIntentOfPath(path: string | null): CheckoutIntent | null {
  if (!path?.startsWith('/pricing?')) return null;
  return checkoutIntentOf(path.slice('/pricing'.length));
}
