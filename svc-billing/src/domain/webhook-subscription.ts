import type Stripe from 'stripe';

function subscriptionIdOfInvoice(invoice: Stripe.Invoice): string | null {
  const subscription = invoice.parent?.subscription_details?.subscription;
  if (!subscription) return null;
  return typeof subscription === 'string' ? subscription : subscription.id;
}

/** With its discounts and their coupons, which MRR (after discounts) and the trial's first charge read. */
const retrieve = (stripe: Stripe, id: string) => stripe.subscriptions.retrieve(id, { expand: ['discounts.source.coupon'] });

/**
 * The subscription an event is about, as the provider sees it now. Events that only name the
 * subscription (checkout, invoices) are resolved by asking the provider, so every event type
 * converges on the same current facts whatever order they arrive in.
 */
export async function subscriptionOf(stripe: Stripe, event: Stripe.Event): Promise<Stripe.Subscription | null> {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.trial_will_end':
      // The payload is the state when the event was made; events arrive late, twice and out of
      // order, so the current state is asked for instead (two changes in one second would
      // otherwise be applied in whichever order they arrived).
      return retrieve(stripe, event.data.object.id);
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription' || !session.subscription) return null;
      const id = typeof session.subscription === 'string' ? session.subscription : session.subscription.id;
      return retrieve(stripe, id);
    }
    case 'invoice.finalized':
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const id = subscriptionIdOfInvoice(event.data.object);
      return id ? retrieve(stripe, id) : null;
    }
    default:
      return null;
  }
}
