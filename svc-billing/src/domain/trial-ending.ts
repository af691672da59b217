import { MANAGE_SUBSCRIPTION_PATH, subscriptionTrialEndingV1 } from '@agentdock/contracts';
import { type ServiceContext, type Tx } from '@agentdock/service-data';
import type Stripe from 'stripe';
import type { BillingSchema } from '../db/schema';
import { isoOfEpochSeconds } from './epoch-seconds';
import { discountPerInterval } from './recurring-discount';
import type { SubscriptionSnapshot } from './subscription-machine';

/**
 * Stripe's `customer.subscription.trial_will_end` (three days before): tells identity to email the
 * customer what happens at the end, a charge with a card on file (Checkout saves it as the
 * subscription's default payment method) or the move back to free without one.
 */
export async function announceTrialEnding(
  context: ServiceContext<BillingSchema>,
  tx: Tx,
  deps: { appUrl: string },
  snapshot: SubscriptionSnapshot,
  subscription: Stripe.Subscription,
): Promise<void> {
  if (snapshot.product.kind !== 'plan' || subscription.status !== 'trialing' || subscription.trial_end === null) return;
  const price = subscription.items.data[0]?.price;
  await context.enqueue(tx, subscriptionTrialEndingV1, {
    userId: snapshot.userId,
    subscriptionId: snapshot.id,
    tier: snapshot.product.tier,
    trialEnd: isoOfEpochSeconds(subscription.trial_end),
    cardOnFile: subscription.default_payment_method !== null,
    amount: (price?.unit_amount ?? 0) - discountPerInterval(subscription, false),
    currency: price?.currency ?? subscription.currency,
    manageUrl: `${deps.appUrl}${MANAGE_SUBSCRIPTION_PATH}`,
  });
}
