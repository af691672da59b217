import type { BillingSubscription } from '@agentdock/contracts';
import { formatPrice } from '@agentdock/ui';

/**
 * The price as the product quotes it, per month: "$50 per month", and for an annual price the
 * monthly figure with what is billed: "$45 per month, billed annually at $540".
 */
export function pricePerMonth(price: BillingSubscription['price']): string {
  if (price.interval === 'month') return `${formatPrice(price.unitAmount, price.currency)} per month`;
  return `${formatPrice(Math.round(price.unitAmount / 12), price.currency)} per month, billed annually at ${formatPrice(price.unitAmount, price.currency)}`;
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
export const canCancel = (subscription: BillingSubscription) => ['active', 'trialing'].includes(subscription.status) && !subscription.cancelAtPeriodEnd;

/** A cancellation at period end can be undone until the period ends. */
export const canResume = (subscription: BillingSubscription) => subscription.cancelAtPeriodEnd && ['active', 'trialing', 'past_due'].includes(subscription.status);
