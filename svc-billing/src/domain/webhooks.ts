import {
  courseAccessGrantedV1,
  courseAccessRevokedV1,
  creditsPurchasedV1,
  subscriptionActivatedV1,
  subscriptionCanceledV1,
  subscriptionPastDueV1,
  subscriptionPlanChangedV1,
  subscriptionRenewedV1,
} from '@agentdock/contracts';
import { BadRequestError } from '@agentdock/service-kit';
import { type Db, type ServiceContext } from '@agentdock/service-data';
import { eq } from '@agentdock/service-data/orm';
import type Stripe from 'stripe';
import { type BillingSchema, subscriptions, webhookEvents } from '../db/schema';
import { resolveCreditPack } from './checkout-rules';
import { recordPayment } from './payments';
import { applySnapshot, isProviderStatus, type Effect, type StoredSubscription, type SubscriptionSnapshot, type Transition } from './subscription-machine';

export interface WebhookDeps {
  stripe: Stripe;
  webhookSecret: string;
  graceDays: number;
  appUrl: string;
}

const iso = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();

/** Metadata billing writes on every subscription at checkout, read back from each webhook. */
function productOf(metadata: Stripe.Metadata): SubscriptionSnapshot['product'] | null {
  if (metadata.kind === 'course' && metadata.courseId) return { kind: 'course', courseId: metadata.courseId };
  if (metadata.tier === 'starter' || metadata.tier === 'professional') return { kind: 'plan', tier: metadata.tier };
  return null;
}

/** Turns a provider subscription into the machine's snapshot; null for one billing did not create. */
export function toSnapshot(subscription: Stripe.Subscription, observedAt: number): SubscriptionSnapshot | null {
  const product = productOf(subscription.metadata);
  const item = subscription.items.data[0];
  const userId = subscription.metadata.userId;
  if (!product || !item || !userId || !isProviderStatus(subscription.status)) return null;
  return {
    id: subscription.id,
    userId,
    product,
    status: subscription.status,
    currentPeriodStart: item.current_period_start,
    currentPeriodEnd: item.current_period_end,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    observedAt,
  };
}

/** Verifies the signature over the exact bytes received; anything else is refused with 400. */
export function verifyEvent(deps: WebhookDeps, rawBody: Buffer, signature: string | undefined): Stripe.Event {
  if (!signature) throw new BadRequestError('Missing Stripe-Signature header', { code: 'invalid_signature' });
  try {
    return deps.stripe.webhooks.constructEvent(rawBody, signature, deps.webhookSecret);
  } catch (error) {
    throw new BadRequestError('Webhook signature verification failed', { code: 'invalid_signature', cause: error });
  }
}

function subscriptionIdOfInvoice(invoice: Stripe.Invoice): string | null {
  const subscription = invoice.parent?.subscription_details?.subscription;
  if (!subscription) return null;
  return typeof subscription === 'string' ? subscription : subscription.id;
}

/**
 * The subscription an event is about, as the provider sees it now. Events that only name the
 * subscription (checkout, invoices) are resolved by asking the provider, so every event type
 * converges on the same current facts whatever order they arrive in.
 */
async function subscriptionOf(deps: WebhookDeps, event: Stripe.Event): Promise<Stripe.Subscription | null> {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return event.data.object;
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription' || !session.subscription) return null;
      const id = typeof session.subscription === 'string' ? session.subscription : session.subscription.id;
      return deps.stripe.subscriptions.retrieve(id);
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const id = subscriptionIdOfInvoice(event.data.object);
      return id ? deps.stripe.subscriptions.retrieve(id) : null;
    }
    default:
      return null;
  }
}

/** Verifies, deduplicates and applies one webhook. Returns whether it had not been seen before. */
export async function processWebhook(context: ServiceContext<BillingSchema>, deps: WebhookDeps, rawBody: Buffer, signature: string | undefined): Promise<boolean> {
  const event = verifyEvent(deps, rawBody, signature);
  const subscription = await subscriptionOf(deps, event);
  return context.transaction(async (tx) => {
    const [fresh] = await tx.insert(webhookEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: webhookEvents.id });
    if (!fresh) return false;
    await recordPayment(tx, event, subscription);
    if (event.type === 'checkout.session.completed' && event.data.object.mode === 'payment') {
      await recordCreditPurchase(context, tx, event.data.object);
    }
    const snapshot = subscription ? toSnapshot(subscription, event.created) : null;
    if (snapshot && subscription) await applyToStored(context, tx, deps, snapshot, subscription, event.created);
    return true;
  });
}

async function recordCreditPurchase(context: ServiceContext<BillingSchema>, tx: Db, session: Stripe.Checkout.Session) {
  const { userId, packId } = session.metadata ?? {};
  if (!userId || !packId || session.payment_status !== 'paid') return;
  const pack = resolveCreditPack(packId);
  await context.enqueue(tx, creditsPurchasedV1, {
    userId,
    purchaseId: session.id,
    packId,
    credits: pack.credits,
    amount: session.amount_total ?? pack.amount,
    currency: session.currency ?? pack.currency,
  });
}

export async function loadStored(tx: Db, id: string): Promise<StoredSubscription | null> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row ? (row.state as StoredSubscription) : null;
}

async function applyToStored(
  context: ServiceContext<BillingSchema>,
  tx: Db,
  deps: WebhookDeps,
  snapshot: SubscriptionSnapshot,
  subscription: Stripe.Subscription,
  now: number,
): Promise<void> {
  const stored = await loadStored(tx, snapshot.id);
  const transition = applySnapshot(stored, snapshot, now, deps.graceDays);
  if (transition.next === stored) return;
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
    state: transition.next,
    updatedAt: new Date(),
    productKind: snapshot.product.kind,
    tier: snapshot.product.kind === 'plan' ? snapshot.product.tier : null,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
  };
  await tx.insert(subscriptions).values(values).onConflictDoUpdate({ target: subscriptions.id, set: values });
  await publishEffects(context, tx, deps, transition, values.interval === 'year' ? 'annual' : 'monthly');
}

/** Writes the platform events that follow from one transition to the outbox. */
export async function publishEffects(
  context: ServiceContext<BillingSchema>,
  tx: Db,
  deps: Pick<WebhookDeps, 'appUrl'>,
  { next, effects }: Transition,
  billingPeriod: 'monthly' | 'annual',
): Promise<void> {
  for (const effect of effects) await publishEffect(context, tx, deps, next, effect, billingPeriod);
}

async function publishEffect(
  context: ServiceContext<BillingSchema>,
  tx: Db,
  deps: Pick<WebhookDeps, 'appUrl'>,
  state: StoredSubscription,
  effect: Effect,
  billingPeriod: 'monthly' | 'annual',
): Promise<void> {
  const base = { userId: state.userId, subscriptionId: state.id };
  if (state.product.kind === 'course') {
    const access = { ...base, courseId: state.product.courseId };
    if (effect.type === 'course-granted') await context.enqueue(tx, courseAccessGrantedV1, access);
    if (effect.type === 'course-revoked') await context.enqueue(tx, courseAccessRevokedV1, access);
    return;
  }
  const facts = {
    ...base,
    tier: state.product.tier,
    billingPeriod,
    periodStart: iso(state.currentPeriodStart),
    periodEnd: iso(state.currentPeriodEnd),
  };
  switch (effect.type) {
    case 'activated':
      await context.enqueue(tx, subscriptionActivatedV1, facts);
      break;
    case 'renewed':
      await context.enqueue(tx, subscriptionRenewedV1, facts);
      break;
    case 'plan-changed':
      await context.enqueue(tx, subscriptionPlanChangedV1, { ...facts, previousTier: effect.previousTier });
      break;
    case 'past-due':
      await context.enqueue(tx, subscriptionPastDueV1, {
        ...base,
        tier: state.product.tier,
        graceEndsAt: iso(effect.graceEndsAt),
        manageUrl: `${deps.appUrl}/manage-subscription`,
      });
      break;
    case 'canceled':
      await context.enqueue(tx, subscriptionCanceledV1, {
        ...base,
        tier: state.product.tier,
        reason: effect.reason,
        endedAt: iso(state.observedAt),
      });
      break;
    default:
      break;
  }
}
