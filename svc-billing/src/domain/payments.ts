import { type Db } from '@agentdock/service-data';
import { eq, sql } from '@agentdock/service-data/orm';
import type Stripe from 'stripe';
import { customers, payments, planConversions } from '../db/schema';

type PaymentValues = typeof payments.$inferInsert;

const at = (epochSeconds: number) => new Date(epochSeconds * 1000);
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

export async function userOfCustomer(tx: Db, customer: string | { id: string } | null | undefined): Promise<string | null> {
  const customerId = idOf(customer);
  if (!customerId) return null;
  const [row] = await tx.select({ userId: customers.userId }).from(customers).where(eq(customers.customerId, customerId));
  return row?.userId ?? null;
}

/**
 * The payment an event reports, if it reports money received or given back. `subscription` is
 * the provider's subscription an invoice belongs to (it says whether a plan or a course was paid).
 */
async function paymentOf(tx: Db, event: Stripe.Event, subscription: Stripe.Subscription | null): Promise<PaymentValues[]> {
  switch (event.type) {
    case 'invoice.paid': {
      const invoice = event.data.object;
      // A credit pack's receipt: its money is recorded from its checkout session, once.
      if (!subscription && invoice.metadata?.kind === 'credits') return [];
      const userId = subscription?.metadata.userId ?? (await userOfCustomer(tx, invoice.customer));
      if (!userId || !invoice.id || invoice.amount_paid <= 0) return [];
      return [
        {
          id: invoice.id,
          userId,
          kind: subscription?.metadata.kind === 'course' ? 'course' : 'plan',
          subscriptionId: subscription?.id ?? null,
          amount: invoice.amount_paid,
          currency: invoice.currency,
          paidAt: at(invoice.status_transitions?.paid_at ?? event.created),
        },
      ];
    }
    case 'checkout.session.completed': {
      const session = event.data.object;
      const userId = session.metadata?.userId;
      if (session.mode !== 'payment' || session.payment_status !== 'paid' || !userId || !session.amount_total) return [];
      return [{ id: session.id, userId, kind: 'credit-pack', subscriptionId: null, amount: session.amount_total, currency: session.currency ?? 'usd', paidAt: at(event.created) }];
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const userId = charge.metadata?.userId ?? (await userOfCustomer(tx, charge.customer));
      if (!userId || charge.amount_refunded <= 0) return [];
      const base = { userId, kind: 'refund' as const, subscriptionId: null, currency: charge.currency };
      const refunds = charge.refunds?.data ?? [];
      // Each refund is dated when it was made; without the list, the charge's refunded total stands for them.
      if (refunds.length === 0) return [{ ...base, id: `refund:${charge.id}`, amount: -charge.amount_refunded, paidAt: at(event.created) }];
      return refunds
        .filter((refund) => refund.status !== 'failed' && refund.status !== 'canceled')
        .map((refund) => ({ ...base, id: refund.id, amount: -refund.amount, paidAt: at(refund.created) }));
    }
    default:
      return [];
  }
}

/** Records the money an event moved, in the webhook's transaction; a replay changes nothing. */
export async function recordPayment(tx: Db, event: Stripe.Event, subscription: Stripe.Subscription | null): Promise<void> {
  for (const payment of await paymentOf(tx, event, subscription)) await storePayment(tx, payment);
}

/** Stores one payment, and a plan payment earlier than any before it as the customer's conversion. */
export async function storePayment(tx: Db, payment: PaymentValues): Promise<void> {
  // A charge refunded again without its refund list reports its new refunded total: the row follows it.
  await tx
    .insert(payments)
    .values(payment)
    .onConflictDoUpdate({ target: payments.id, set: { amount: payment.amount, paidAt: payment.paidAt } });
  if (payment.kind !== 'plan') return;
  await tx
    .insert(planConversions)
    .values({ userId: payment.userId, convertedAt: payment.paidAt })
    .onConflictDoUpdate({ target: planConversions.userId, set: { convertedAt: sql`least(${planConversions.convertedAt}, excluded.converted_at)` } });
}
