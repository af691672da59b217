import { useId } from 'react';
import { Badge, Card, ErrorState, Skeleton } from '@agentdock/ui';
import type { BillingInvoice } from '../api/billing-api';
import { documentName, invoiceAmount, invoiceDate, invoiceStatus, invoiceTitle } from './invoice-format';
import { useQuery } from '@tanstack/react-query';
import { useAccountQueries } from '../query/account-queries';
import './invoices.css';

export const INVOICES_FAILED = 'Failed to load invoices';

function InvoiceRow({ invoice }: { invoice: BillingInvoice }) {
  const status = invoiceStatus(invoice.status);
  const name = documentName(invoice);
  return (
    <li className="acc-invoice">
      <div className="acc-invoice__what">
        <span className="acc-invoice__title">{invoiceTitle(invoice)}</span>
        <span className="ad-muted">
          {name} · <time dateTime={invoice.issuedAt}>{invoiceDate(invoice.issuedAt)}</time>
        </span>
      </div>
      <span className="acc-invoice__amount">{invoiceAmount(invoice)}</span>
      <Badge variant={status.variant}>{status.label}</Badge>
      <span className="acc-invoice__links">
        {invoice.hostedInvoiceUrl ? (
          <a href={invoice.hostedInvoiceUrl} target="_blank" rel="noopener noreferrer">
            View<span className="ad-visually-hidden"> {name} (opens in a new tab)</span>
          </a>
        ) : null}
        {invoice.invoicePdfUrl ? (
          <a href={invoice.invoicePdfUrl} download>
            Download PDF<span className="ad-visually-hidden"> of {name}</span>
          </a>
        ) : null}
      </span>
    </li>
  );
}

/** The customer's invoices (subscriptions) and receipts (credit packs), newest first, with the provider's page and PDF. */
export function InvoiceList() {
  const titleId = useId();
  const invoices = useQuery(useAccountQueries().invoices);
  return (
    <Card as="section" aria-labelledby={titleId} className="acc-invoices">
      <h2 id={titleId} className="ad-card__title">
        Invoices and receipts
      </h2>
      {invoices.data === undefined && !invoices.isError ? (
        <div role="status" aria-busy="true" className="acc-invoices__loading">
          <span className="ad-visually-hidden">Loading invoices…</span>
          <Skeleton height="2.5rem" />
          <Skeleton height="2.5rem" />
        </div>
      ) : invoices.data === undefined ? (
        <ErrorState title={INVOICES_FAILED} onRetry={() => void invoices.refetch()} />
      ) : invoices.data.length === 0 ? (
        <p className="ad-muted">No invoices yet. Each payment for a plan, a course or credits will be listed here with its invoice or receipt.</p>
      ) : (
        <ul className="acc-invoices__list">
          {invoices.data.map((invoice) => (
            <InvoiceRow key={invoice.id} invoice={invoice} />
          ))}
        </ul>
      )}
    </Card>
  );
}
