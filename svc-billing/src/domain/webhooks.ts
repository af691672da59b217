import { type ServiceContext } from '@agentdock/service-data';
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
import { subscriptionOf } from './webhook-subscription';

export interface WebhookDeps extends SignatureDeps, ParkingDeps {
  graceDays: number;
  appUrl: string;
}

/** Verifies, deduplicates and applies one webhook. Returns whether it had not been seen before. */
export async function processWebhook(context: ServiceContext<BillingSchema>, deps: WebhookDeps, rawBody: Buffer, signature: string | undefined): Promise<boolean> {
  const event = verifyEvent(deps, rawBody, signature);
  if (event.api_version !== deps.apiVersion) return parkEvent(context, deps, event);
  const subscription = await subscriptionOf(deps.stripe, event);
  const plans = subscription ? await context.db.select().from(planPrices) : [];
  const snapshot = subscription ? toSnapshot(subscription, event.created, plans) : null;
  return context.transaction(async (tx) => {
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
