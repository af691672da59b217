import type { BillingSubscription } from '@agentdock/contracts';

/** Minor units to a display amount, the currency code upper-cased (e.g. "50.00 USD"). */
export function formatAmount(price: BillingSubscription['price']): string {
  return `${(price.unitAmount / 100).toFixed(2)} ${price.currency.toUpperCase()}`;
}

export const formatDate = (epochSeconds: number) => new Date(epochSeconds * 1000).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** "past_due" reads "past due". */
export const statusLabel = (status: string) => status.replace(/_/g, ' ');

export type StatusTone = 'active' | 'canceled' | 'past-due' | 'other';

export function statusTone(status: string): StatusTone {
  if (status === 'active') return 'active';
  if (status === 'canceled') return 'canceled';
  if (status === 'past_due') return 'past-due';
  return 'other';
}

/** Cancel is offered only for an active subscription not already set to end. */
export const canCancel = (subscription: BillingSubscription) => subscription.status === 'active' && !subscription.cancelAtPeriodEnd;
