import type Stripe from 'stripe';

function subscriptionIdOfInvoice(invoice: Stripe.Invoice): string | null {
  const subscription = invoice.parent?.subscription_details?.subscription;
  if (!subscription) return null;
  return typeof subscription === 'string' ? subscription : subscription.id;
}

/** With its discounts and their coupons, which MRR (after discounts) and the trial's first charge read. */
export const retrieveSubscription = (stripe: Stripe, id: string) => stripe.subscriptions.retrieve(id, { expand: ['discounts.source.coupon'] });

/**
 * The subscription an event is about, to be asked of the provider as it is now. Events that only
 * name the subscription (checkout, invoices) are resolved the same way, so every event type
 * converges on the same current facts whatever order they arrive in.
 */
export function subscriptionIdOf(event: Stripe.Event): string | null {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.trial_will_end':
      // The payload is the state when the event was made; events arrive late, twice and out of
      // order, so the current state is asked for instead (two changes in one second would
      // otherwise be applied in whichever order they arrived).
      return event.data.object.id;
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription' || !session.subscription) return null;
      return typeof session.subscription === 'string' ? session.subscription : session.subscription.id;
    }
    case 'invoice.finalized':
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return subscriptionIdOfInvoice(event.data.object);
    default:
      return null;
  }
}
