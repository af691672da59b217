import { type BillingInvoice } from '@agentdock/contracts';
import { type Db } from '@agentdock/service-data';
import { desc, eq, sql } from '@agentdock/service-data/orm';
import type Stripe from 'stripe';
import { type InvoiceRow, invoices } from '../db/schema';
import { userOfCustomer } from './payments';

type InvoiceValues = typeof invoices.$inferInsert;

/**
 * How far along its life an invoice status is. An invoice only moves forward (open → paid, open →
 * uncollectible → paid, open → void), so a late event about an earlier status changes nothing.
 */
const STATUS_RANK: Record<string, number> = { draft: 0, open: 1, uncollectible: 2, paid: 3, void: 3 };
export const statusRank = (status: string | null) => STATUS_RANK[status ?? 'draft'] ?? 0;

/** The event types that carry an invoice billing keeps. */
export const INVOICE_EVENT_TYPES: ReadonlySet<string> = new Set(['invoice.finalized', 'invoice.paid', 'invoice.payment_failed']);

const taxOf = (invoice: Stripe.Invoice) => (invoice.total_taxes ?? []).reduce((sum, tax) => sum + tax.amount, 0);
const discountOf = (invoice: Stripe.Invoice) => (invoice.total_discount_amounts ?? []).reduce((sum, discount) => sum + discount.amount, 0);

/**
 * The row an invoice event leaves, or null for an invoice billing does not list: a draft, one of
 * an unknown customer, or a one-off invoice that is not a credit pack's receipt. `productName`
 * names the subscription's product when the invoice belongs to one.
 */
export async function invoiceValuesOf(tx: Db, event: Stripe.Event, subscription: Stripe.Subscription | null, productName: string | null): Promise<InvoiceValues | null> {
  if (!INVOICE_EVENT_TYPES.has(event.type)) return null;
  const invoice = event.data.object as Stripe.Invoice;
  if (!invoice.id || invoice.status === 'draft' || invoice.status === null) return null;
  const creditPack = !subscription && invoice.metadata?.kind === 'credits';
  if (!subscription && !creditPack) return null;
  const userId = invoice.metadata?.userId ?? subscription?.metadata.userId ?? (await userOfCustomer(tx, invoice.customer));
  if (!userId) return null;
  const line = invoice.lines?.data[0]?.description ?? null;
  return {
    id: invoice.id,
    userId,
    kind: creditPack ? 'credit-pack' : subscription?.metadata.kind === 'course' ? 'course' : 'plan',
    description: (creditPack ? line : productName) ?? line ?? 'Payment',
    billingReason: invoice.billing_reason,
    number: invoice.number,
    status: invoice.status,
    statusRank: statusRank(invoice.status),
    total: invoice.total,
    tax: taxOf(invoice),
    discount: discountOf(invoice),
    amountPaid: invoice.amount_paid,
    amountDue: invoice.amount_due,
    currency: invoice.currency,
    subscriptionId: subscription?.id ?? null,
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    invoicePdfUrl: invoice.invoice_pdf ?? null,
    issuedAt: new Date((invoice.status_transitions?.finalized_at ?? invoice.created) * 1000),
    lastEventAt: event.created,
  };
}

/** Columns an applied event rewrites: every one but the id and the customer. */
const UPDATED_COLUMNS = [
  'kind',
  'description',
  'billingReason',
  'number',
  'status',
  'statusRank',
  'total',
  'tax',
  'discount',
  'amountPaid',
  'amountDue',
  'currency',
  'subscriptionId',
  'hostedInvoiceUrl',
  'invoicePdfUrl',
  'issuedAt',
  'lastEventAt',
] as const satisfies ReadonlyArray<keyof InvoiceValues>;

/**
 * Keeps the newest state of an invoice in one statement (two deliveries may race): an event about a
 * later status, or the same status at a later time, replaces the row; anything older is ignored.
 */
export async function storeInvoice(tx: Db, values: InvoiceValues): Promise<void> {
  const set = Object.fromEntries(UPDATED_COLUMNS.map((key) => [key, sql.raw(`excluded.${invoices[key].name}`)]));
  await tx
    .insert(invoices)
    .values(values)
    .onConflictDoUpdate({
      target: invoices.id,
      set,
      where: sql`excluded.status_rank > ${invoices.statusRank} or (excluded.status_rank = ${invoices.statusRank} and excluded.last_event_at >= ${invoices.lastEventAt})`,
    });
}

export function toBillingInvoice(row: InvoiceRow): BillingInvoice {
  return {
    id: row.id,
    kind: row.kind,
    description: row.description,
    billingReason: row.billingReason,
    number: row.number,
    status: row.status,
    total: row.total,
    tax: row.tax,
    discount: row.discount,
    amountPaid: row.amountPaid,
    amountDue: row.amountDue,
    currency: row.currency,
    issuedAt: row.issuedAt.toISOString(),
    hostedInvoiceUrl: row.hostedInvoiceUrl,
    invoicePdfUrl: row.invoicePdfUrl,
  };
}

/** The user's invoices and receipts, newest first. */
export async function listInvoices(db: Db, userId: string): Promise<BillingInvoice[]> {
  const rows = await db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(desc(invoices.issuedAt), desc(invoices.id));
  return rows.map(toBillingInvoice);
}
