import type Stripe from 'stripe';
import { discountPerInterval } from './recurring-discount';

/** A trial running now: when it ends, and what happens then. */
export interface TrialFacts {
  /** Epoch seconds. */
  endsAt: number;
  /** Checkout saves the card as the subscription's default payment method; without one the trial ends in a cancellation. */
  cardOnFile: boolean;
  /** What the first charge takes (integer minor units): the price less every discount, once-only ones too. */
  firstCharge: number;
}

/** The trial of a subscription that is trialing, as the provider tells it; null for any other. */
export function trialFacts(subscription: Stripe.Subscription): TrialFacts | null {
  if (subscription.status !== 'trialing' || subscription.trial_end === null) return null;
  const item = subscription.items.data[0];
  // Every seat of a team's subscription is charged: the discount is of the same total.
  const price = (item?.price.unit_amount ?? 0) * (item?.quantity ?? 1);
  return { endsAt: subscription.trial_end, cardOnFile: subscription.default_payment_method !== null, firstCharge: price - discountPerInterval(subscription, false) };
}
