import {
  BILLING_ERROR_CODES,
  courseAccessGrantedV1,
  courseAccessRevokedV1,
  creditsPurchasedV1,
  paymentReceivedV1,
  subscriptionActivatedV1,
  subscriptionCanceledV1,
  subscriptionPastDueV1,
  subscriptionPlanChangedV1,
  subscriptionRenewedV1,
} from '@agentdock/contracts';
import { BadRequestError, ConflictError } from '@agentdock/service-kit';
import { type Db, type ServiceContext, type Tx } from '@agentdock/service-data';
import { eq, sql } from '@agentdock/service-data/orm';
import type { Counter } from 'prom-client';
import type Stripe from 'stripe';
import { type BillingSchema, creditPurchases, parkedWebhookEvents, type PlanPriceRow, planPrices, subscriptions, webhookEvents } from '../db/schema';
import { productName } from './billing';
import { resolveCreditPack } from './checkout-rules';
import { recordPayment } from './payments';
import { readStoredSubscription, storedSubscriptionRecord } from './stored-subscription';
import { applySnapshot, isProviderStatus, type Effect, type StoredSubscription, type SubscriptionSnapshot, type Transition } from './subscription-machine';

export interface WebhookDeps {
  stripe: Stripe;
  webhookSecret: string;
  graceDays: number;
  appUrl: string;
  /** The API version whose event shapes this code reads; others are parked. */
  apiVersion: string;
  parkedEvents: Pick<Counter<'api_version' | 'type'>, 'inc'>;
}

const iso = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();

/** The plan a provider price belongs to, from billing's price → plan table (fed by catalog's plan events). */
export function planOfPrice(plans: readonly PlanPriceRow[], priceId: string): PlanPriceRow | null {
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
  const userId = subscription.metadata.userId;
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
  };
}

/** Stripe's own default: a signature older (or, with a skewed or forged clock, newer) than this is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The `t=` of a `Stripe-Signature` header, in epoch seconds; null when absent or malformed. */
function signatureTimestamp(header: string): number | null {
  const part = header.split(',').find((entry) => entry.trim().startsWith('t='));
  const value = part ? Number(part.trim().slice(2)) : Number.NaN;
  return Number.isInteger(value) ? value : null;
}

/**
 * Verifies the signature over the exact bytes received; anything else is refused with 400. The
 * SDK only refuses signatures that are too old; one dated in the future would be accepted for as
 * long as its date is ahead, so that bound is checked here too.
 */
export function verifyEvent(deps: WebhookDeps, rawBody: Buffer, signature: string | undefined, nowSeconds = Math.floor(Date.now() / 1000)): Stripe.Event {
  if (!signature) throw new BadRequestError('Missing Stripe-Signature header', { code: 'invalid_signature' });
  let event: Stripe.Event;
  try {
    event = deps.stripe.webhooks.constructEvent(rawBody, signature, deps.webhookSecret, WEBHOOK_TOLERANCE_SECONDS, undefined, nowSeconds * 1000);
  } catch (error) {
    throw new BadRequestError('Webhook signature verification failed', { code: 'invalid_signature', cause: error });
  }
  const timestamp = signatureTimestamp(signature);
  if (timestamp === null || timestamp - nowSeconds > WEBHOOK_TOLERANCE_SECONDS) {
    throw new BadRequestError('Webhook signature verification failed: timestamp outside the tolerance zone', { code: 'invalid_signature' });
  }
  return event;
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
      // The payload is the state when the event was made; events arrive late, twice and out of
      // order, so the current state is asked for instead (two changes in one second would
      // otherwise be applied in whichever order they arrived).
      return deps.stripe.subscriptions.retrieve(event.data.object.id);
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
  if (event.api_version !== deps.apiVersion) return parkEvent(context, deps, event);
  const subscription = await subscriptionOf(deps, event);
  const plans = subscription ? await context.db.select().from(planPrices) : [];
  const snapshot = subscription ? toSnapshot(subscription, event.created, plans) : null;
  return context.transaction(async (tx) => {
    const [fresh] = await tx.insert(webhookEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: webhookEvents.id });
    if (!fresh) return false;
    await recordPayment(tx, event, subscription);
    if (event.type === 'checkout.session.completed' && event.data.object.mode === 'payment') {
      await recordCreditPurchase(context, tx, event.data.object);
    }
    if (snapshot && subscription) await applyToStored(context, tx, deps, snapshot, subscription, event.created);
    if (snapshot && event.type === 'invoice.paid') await sendPaymentReceipt(context, tx, deps, snapshot, event.data.object, event.created);
    return true;
  });
}

/**
 * An event of another API version may name the same facts differently (a period read as absent,
 * an invoice without its subscription), so it is kept, not applied: answered 200 so Stripe stops
 * retrying what no retry can fix, logged and counted so an operator notices.
 */
async function parkEvent(context: ServiceContext<BillingSchema>, deps: WebhookDeps, event: Stripe.Event): Promise<boolean> {
  const [fresh] = await context.db
    .insert(parkedWebhookEvents)
    .values({ id: event.id, type: event.type, apiVersion: event.api_version, payload: event })
    .onConflictDoNothing()
    .returning({ id: parkedWebhookEvents.id });
  if (!fresh) return false;
  context.logger.warn(
    { eventId: event.id, type: event.type, apiVersion: event.api_version, expected: deps.apiVersion },
    'parked a Stripe webhook event of another API version: not applied (set the webhook endpoint to the version billing reads, then replay it)',
  );
  deps.parkedEvents.inc({ api_version: event.api_version ?? 'none', type: event.type });
  return true;
}

async function recordCreditPurchase(context: ServiceContext<BillingSchema>, tx: Tx, session: Stripe.Checkout.Session) {
  const { userId, packId } = session.metadata ?? {};
  if (!userId || !packId || session.payment_status !== 'paid') return;
  const pack = resolveCreditPack(packId);
  const [fresh] = await tx.insert(creditPurchases).values({ sessionId: session.id, userId }).onConflictDoNothing().returning({ sessionId: creditPurchases.sessionId });
  if (!fresh) return;
  await context.enqueue(tx, creditsPurchasedV1, {
    userId,
    purchaseId: session.id,
    packId,
    credits: pack.credits,
    amount: session.amount_total ?? pack.amount,
    currency: session.currency ?? pack.currency,
  });
}

const PAYMENT_REASONS: Partial<Record<NonNullable<Stripe.Invoice.BillingReason>, 'first-payment' | 'renewal' | 'plan-change'>> = {
  subscription_create: 'first-payment',
  subscription_cycle: 'renewal',
  subscription_update: 'plan-change',
};

/** Every subscription charge that took money gets a receipt (identity sends it). */
async function sendPaymentReceipt(context: ServiceContext<BillingSchema>, tx: Tx, deps: WebhookDeps, snapshot: SubscriptionSnapshot, invoice: Stripe.Invoice, created: number) {
  const reason = invoice.billing_reason ? PAYMENT_REASONS[invoice.billing_reason] : undefined;
  if (!reason || !invoice.id || invoice.amount_paid <= 0) return;
  await context.enqueue(tx, paymentReceivedV1, {
    userId: snapshot.userId,
    invoiceId: invoice.id,
    subscriptionId: snapshot.id,
    description: productName(snapshot.product),
    reason,
    amount: invoice.amount_paid,
    currency: invoice.currency,
    paidAt: iso(invoice.status_transitions?.paid_at ?? created),
    manageUrl: `${deps.appUrl}/manage-subscription`,
  });
}

export async function loadStored(tx: Db, id: string): Promise<StoredSubscription | null> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row ? readStoredSubscription(row) : null;
}

async function applyToStored(
  context: ServiceContext<BillingSchema>,
  tx: Tx,
  deps: WebhookDeps,
  snapshot: SubscriptionSnapshot,
  subscription: Stripe.Subscription,
  now: number,
): Promise<void> {
  // Deliveries about one subscription can run at once: without the lock both would read "not
  // stored yet" and both grant. A transaction-scoped advisory lock serialises them per id.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${snapshot.id}))`);
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
    state: storedSubscriptionRecord(transition.next),
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
  tx: Tx,
  deps: Pick<WebhookDeps, 'appUrl'>,
  { next, effects }: Transition,
  billingPeriod: 'monthly' | 'annual',
): Promise<void> {
  for (const effect of effects) await publishEffect(context, tx, deps, next, effect, billingPeriod);
}

async function publishEffect(
  context: ServiceContext<BillingSchema>,
  tx: Tx,
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
