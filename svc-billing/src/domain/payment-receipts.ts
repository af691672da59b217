import { MANAGE_SUBSCRIPTION_PATH, paymentReceivedV1 } from '@agentdock/contracts';
import { type ServiceContext, type Tx } from '@agentdock/service-data';
import type Stripe from 'stripe';
import type { BillingSchema } from '../db/schema';
import { courseNames } from './course-prices';
import { productName } from './product-name';
import { isoOfEpochSeconds } from './epoch-seconds';
import type { SubscriptionSnapshot } from './subscription-machine';

const PAYMENT_REASONS: Partial<Record<NonNullable<Stripe.Invoice.BillingReason>, 'first-payment' | 'renewal' | 'plan-change'>> = {
  subscription_create: 'first-payment',
  subscription_cycle: 'renewal',
  subscription_update: 'plan-change',
};

/** Every subscription charge that took money gets a receipt (identity sends it). */
export async function sendPaymentReceipt(
  context: ServiceContext<BillingSchema>,
  tx: Tx,
  deps: { appUrl: string },
  snapshot: SubscriptionSnapshot,
  invoice: Stripe.Invoice,
  created: number,
): Promise<void> {
  const reason = invoice.billing_reason ? PAYMENT_REASONS[invoice.billing_reason] : undefined;
  if (!reason || !invoice.id || invoice.amount_paid <= 0) return;
  await context.enqueue(tx, paymentReceivedV1, {
    userId: snapshot.userId,
    invoiceId: invoice.id,
    subscriptionId: snapshot.id,
    description: productName(snapshot.product, await courseNames(tx)),
    reason,
    amount: invoice.amount_paid,
    currency: invoice.currency,
    paidAt: isoOfEpochSeconds(invoice.status_transitions?.paid_at ?? created),
    manageUrl: `${deps.appUrl}${MANAGE_SUBSCRIPTION_PATH}`,
    // The receipt opens this invoice itself, not the list of them.
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    invoicePdfUrl: invoice.invoice_pdf ?? null,
  });
}
