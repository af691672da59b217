import type { BadgeVariant } from '@agentdock/ui';
import { formatPrice } from '@agentdock/ui';
import type { BillingInvoice } from '../api/billing-api';

const REASONS: Record<string, string> = {
  subscription_create: 'first payment',
  subscription_cycle: 'renewal',
  subscription_update: 'plan change',
};

/** "Starter plan · renewal"; a credit pack's receipt is just what was bought. */
export function invoiceTitle(invoice: BillingInvoice): string {
  const reason = invoice.billingReason ? REASONS[invoice.billingReason] : undefined;
  return reason ? `${invoice.description} · ${reason}` : invoice.description;
}

/** Subscriptions are invoiced; a one-off credit pack gets a receipt. */
export const documentKind = (invoice: BillingInvoice) => (invoice.kind === 'credit-pack' ? 'Receipt' : 'Invoice');

/** "Invoice AB12CD34-0002", or the kind alone before the provider numbers it. */
export const documentName = (invoice: BillingInvoice) => `${documentKind(invoice)}${invoice.number ? ` ${invoice.number}` : ''}`;

const STATUSES: Record<string, { label: string; variant: BadgeVariant }> = {
  paid: { label: 'Paid', variant: 'success' },
  open: { label: 'Payment due', variant: 'warning' },
  uncollectible: { label: 'Unpaid', variant: 'danger' },
  void: { label: 'Void', variant: 'neutral' },
};

export const invoiceStatus = (status: string) => STATUSES[status] ?? { label: status.replace(/_/g, ' '), variant: 'neutral' as const };

/**
 * "$50", with the promotion code's discount and the tax it includes when there are any:
 * "$60 (incl. $10 tax)", "$40 ($10 discount)", "$44 ($10 discount, incl. $4 tax)".
 */
export function invoiceAmount(invoice: BillingInvoice): string {
  const total = formatPrice(invoice.total, invoice.currency);
  const notes = [
    ...(invoice.discount > 0 ? [`${formatPrice(invoice.discount, invoice.currency)} discount`] : []),
    ...(invoice.tax > 0 ? [`incl. ${formatPrice(invoice.tax, invoice.currency)} tax`] : []),
  ];
  return notes.length > 0 ? `${total} (${notes.join(', ')})` : total;
}

export const invoiceDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
