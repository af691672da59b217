import type Stripe from 'stripe';

/**
 * What a subscription's discounts take off one billing interval of its price × quantity (a team's
 * seats; integer minor units, never more than that): a percentage off every seat, a fixed amount
 * off the whole invoice. `recurringOnly`: leaves out once-only coupons, which are not
 * recurring revenue (MRR); the first charge after a trial takes them off as well.
 * Reads discounts expanded with their coupon (`expand: ['discounts']`); an id alone counts nothing.
 */
export function discountPerInterval(subscription: Stripe.Subscription, recurringOnly: boolean): number {
  const item = subscription.items.data[0];
  const price = (item?.price.unit_amount ?? 0) * (item?.quantity ?? 1);
  let off = 0;
  for (const discount of subscription.discounts ?? []) {
    if (typeof discount === 'string') continue;
    const coupon = discount.source?.coupon;
    if (!coupon || typeof coupon === 'string') continue;
    if (recurringOnly && coupon.duration === 'once') continue;
    if (coupon.percent_off !== null) off += Math.round((price * coupon.percent_off) / 100);
    else if (coupon.amount_off !== null && coupon.currency === subscription.currency) off += coupon.amount_off;
  }
  return Math.min(off, price);
}
