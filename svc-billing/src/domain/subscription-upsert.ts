import { type Db, type ServiceContext, type Tx } from '@agentdock/service-data';
import { eq } from '@agentdock/service-data/orm';
import type Stripe from 'stripe';
import { type BillingSchema, subscriptions } from '../db/schema';
import { publishEffects } from './publish-effects';
import { discountPerInterval } from './recurring-discount';
import { readStoredSubscription, storedSubscriptionRecord } from './stored-subscription';
import { nextRevision, touchSubscription } from './subscription-revision';
import { publishTeamEffects } from './team-effects';
import { applySnapshot, type StoredSubscription, type SubscriptionSnapshot } from './subscription-machine';

async function loadStored(tx: Db, id: string): Promise<StoredSubscription | null> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row ? readStoredSubscription(row) : null;
}

/**
 * Applies a snapshot to the stored subscription through the state machine, stores the result and
 * writes the platform events its transition calls for. The caller holds `lockSubscription`. A
 * snapshot that changes nothing still counts as a write (see `touchSubscription`).
 */
export async function upsertSubscription(
  context: ServiceContext<BillingSchema>,
  tx: Tx,
  deps: { appUrl: string; graceDays: number },
  snapshot: SubscriptionSnapshot,
  subscription: Stripe.Subscription,
  now: number,
): Promise<void> {
  const stored = await loadStored(tx, snapshot.id);
  const transition = applySnapshot(stored, snapshot, now, deps.graceDays);
  if (transition.next === stored) return touchSubscription(tx, snapshot.id);
  const price = subscription.items.data[0]?.price;
  const values = {
    id: snapshot.id,
    userId: snapshot.userId,
    status: transition.next.status,
    unitAmount: price?.unit_amount ?? 0,
    currency: price?.currency ?? 'usd',
    interval: price?.recurring?.interval === 'year' ? 'year' : 'month',
    observedAt: transition.next.observedAt,
    graceEndsAt: transition.next.graceEndsAt,
    state: storedSubscriptionRecord(transition.next),
    updatedAt: new Date(),
    productKind: snapshot.product.kind,
    tier: snapshot.product.kind === 'plan' ? snapshot.product.tier : null,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    discountAmount: discountPerInterval(subscription, true),
    trialEnd: subscription.trial_end,
    organisationId: snapshot.team?.organisationId ?? null,
    seats: snapshot.team?.seats ?? 1,
  };
  await tx
    .insert(subscriptions)
    .values({ ...values, revision: 1 })
    .onConflictDoUpdate({ target: subscriptions.id, set: { ...values, revision: nextRevision } });
  const billingPeriod = values.interval === 'year' ? 'annual' : 'monthly';
  if (snapshot.team) await publishTeamEffects(context, tx, stored, transition, snapshot.team, billingPeriod);
  else await publishEffects(context, tx, deps, transition, billingPeriod);
}
