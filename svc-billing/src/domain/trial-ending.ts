import { MANAGE_SUBSCRIPTION_PATH, subscriptionTrialEndingV1 } from '@agentdock/contracts';
import { type ServiceContext, type Tx } from '@agentdock/service-data';
import type Stripe from 'stripe';
import type { BillingSchema } from '../db/schema';
import { isoOfEpochSeconds } from './epoch-seconds';
import { trialFacts } from './trial-facts';
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
  const trial = trialFacts(subscription);
  if (snapshot.product.kind !== 'plan' || !trial) return;
  await context.enqueue(tx, subscriptionTrialEndingV1, {
    userId: snapshot.userId,
    subscriptionId: snapshot.id,
    tier: snapshot.product.tier,
    trialEnd: isoOfEpochSeconds(trial.endsAt),
    cardOnFile: trial.cardOnFile,
    amount: trial.firstCharge,
    currency: subscription.items.data[0]?.price.currency ?? subscription.currency,
    manageUrl: `${deps.appUrl}${MANAGE_SUBSCRIPTION_PATH}`,
  });
}
