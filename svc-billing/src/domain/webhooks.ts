import { type ServiceContext } from '@agentdock/service-data';
import { ServiceUnavailableError } from '@agentdock/service-kit';
import type Stripe from 'stripe';
import { type BillingSchema, planPrices, webhookEvents } from '../db/schema';
import { productName } from './product-name';
import { courseNames } from './course-prices';
import { recordCoursePurchase } from './course-purchases';
import { recordCreditPurchase } from './credit-purchases';
import { invoiceValuesOf, storeInvoice } from './invoices';
import { parkEvent, type ParkingDeps } from './parked-events';
import { sendPaymentReceipt } from './payment-receipts';
import { recordPayment } from './payments';
import { toSnapshot } from './subscription-snapshot';
import { announceTrialEnding } from './trial-ending';
import { upsertSubscription } from './subscription-upsert';
import { type SignatureDeps, verifyEvent } from './webhook-signature';
import { retrieveSubscription, subscriptionIdOf } from './webhook-subscription';
import { lockSubscription, subscriptionRevision } from './subscription-revision';

export interface WebhookDeps extends SignatureDeps, ParkingDeps {
  graceDays: number;
  appUrl: string;
}

/** Answers in a row that something else wrote the subscription while it was asked for, before the provider is told to retry. */
const MAX_ATTEMPTS = 5;

/**
 * Verifies, deduplicates and applies one webhook. Returns whether it had not been seen before.
 *
 * The subscription is asked of the provider outside the transaction (no database lock waits on
 * the network), so a slow answer can be older than one another delivery already stored. The row's
 * revision tells: when it moved while the provider was asked, the answer is asked for again.
 */
export async function processWebhook(context: ServiceContext<BillingSchema>, deps: WebhookDeps, rawBody: Buffer, signature: string | undefined): Promise<boolean> {
  const event = verifyEvent(deps, rawBody, signature);
  if (event.api_version !== deps.apiVersion) return parkEvent(context, deps, event);
  const subscriptionId = subscriptionIdOf(event);
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const outcome = await applyEvent(context, deps, event, subscriptionId);
    if (outcome !== 'superseded') return outcome;
  }
  throw new ServiceUnavailableError('The subscription kept changing while this webhook was applied; it will be retried.');
}

async function applyEvent(context: ServiceContext<BillingSchema>, deps: WebhookDeps, event: Stripe.Event, subscriptionId: string | null): Promise<boolean | 'superseded'> {
  const revisionAsked = subscriptionId ? await subscriptionRevision(context.db, subscriptionId) : null;
  const subscription = subscriptionId ? await retrieveSubscription(deps.stripe, subscriptionId) : null;
  const plans = subscription ? await context.db.select().from(planPrices) : [];
  const snapshot = subscription ? toSnapshot(subscription, event.created, plans) : null;
  return context.transaction(async (tx) => {
    if (subscriptionId) {
      await lockSubscription(tx, subscriptionId);
      if ((await subscriptionRevision(tx, subscriptionId)) !== revisionAsked) return 'superseded';
    }
    const [fresh] = await tx.insert(webhookEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: webhookEvents.id });
    if (!fresh) return false;
    await recordPayment(tx, event, subscription);
    const invoice = await invoiceValuesOf(tx, event, subscription, snapshot ? productName(snapshot.product, await courseNames(tx)) : null);
    if (invoice) await storeInvoice(tx, invoice);
    if (event.type === 'checkout.session.completed' && event.data.object.mode === 'payment') {
      await recordCreditPurchase(context, tx, event.data.object);
      await recordCoursePurchase(context, tx, event.data.object);
    }
    if (snapshot && subscription) await upsertSubscription(context, tx, deps, snapshot, subscription, event.created);
    if (snapshot && event.type === 'invoice.paid') await sendPaymentReceipt(context, tx, deps, snapshot, event.data.object, event.created);
    if (snapshot && subscription && event.type === 'customer.subscription.trial_will_end') await announceTrialEnding(context, tx, deps, snapshot, subscription);
    return true;
  });
}
