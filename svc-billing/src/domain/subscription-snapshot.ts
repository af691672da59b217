import { BILLING_ERROR_CODES } from '@agentdock/contracts';
import { ConflictError } from '@agentdock/service-kit';
import type Stripe from 'stripe';
import type { PlanPriceRow } from '../db/schema';
import { isProviderStatus, type SubscriptionSnapshot } from './subscription-machine';
import { trialFacts } from './trial-facts';

/** The plan a provider price belongs to, from billing's price → plan table (fed by catalog's plan events). */
function planOfPrice(plans: readonly PlanPriceRow[], priceId: string): PlanPriceRow | null {
  // Retired plans still name what their remaining subscribers pay for, so every row is searched.
  return plans.find((plan) => plan.monthlyPriceId === priceId || plan.annualPriceId === priceId) ?? null;
}

/**
 * What a subscription sells. A plan is known by the price the customer pays, never by metadata:
 * Stripe's portal switches the item's price and leaves metadata as it was, so a label there would
 * keep a Starter payer on Pro. Courses are sold with prices made at checkout, marked in metadata.
 * `unknown-price`: a plan price billing has no row for (yet).
 */
function productOf(subscription: Stripe.Subscription, plans: readonly PlanPriceRow[]): SubscriptionSnapshot['product'] | 'unknown-price' | null {
  const price = subscription.items.data[0]?.price;
  if (!price) return null;
  const plan = planOfPrice(plans, price.id);
  if (plan) return plan.tier === 'starter' || plan.tier === 'professional' ? { kind: 'plan', tier: plan.tier } : null;
  const { metadata } = subscription;
  if (metadata.kind === 'course' && metadata.courseId) return { kind: 'course', courseId: metadata.courseId };
  return 'unknown-price';
}

/**
 * Turns a provider subscription into the machine's snapshot; null for one billing did not create
 * (no user id in its metadata, the one fact billing writes there for plans).
 */
export function toSnapshot(subscription: Stripe.Subscription, observedAt: number, plans: readonly PlanPriceRow[]): SubscriptionSnapshot | null {
  const item = subscription.items.data[0];
  const { metadata } = subscription;
  const userId = metadata.userId;
  if (!item || !userId || !isProviderStatus(subscription.status)) return null;
  const product = productOf(subscription, plans);
  if (product === null) return null;
  if (product === 'unknown-price') {
    // Answered with an error so the provider retries: the catalog's event naming this price may
    // still be on its way, and dropping the webhook would leave a paying customer without access.
    throw new ConflictError(`No plan is known for price ${item.price.id}; the webhook will be retried.`, { code: BILLING_ERROR_CODES.unknownPrice });
  }
  return {
    id: subscription.id,
    userId,
    product,
    status: subscription.status,
    currentPeriodStart: item.current_period_start,
    currentPeriodEnd: item.current_period_end,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    observedAt,
    // Seats are the item's quantity; the organisation is the one fact billing writes in a team's metadata.
    team: metadata.organisationId && product.kind === 'plan' ? { organisationId: metadata.organisationId, seats: item.quantity ?? 1 } : null,
    trial: trialFacts(subscription),
  };
}
