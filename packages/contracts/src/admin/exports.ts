import { BILLING_BASE, CHAT_BASE, IDENTITY_BASE } from '../http/bases';
import { defineEndpoint } from '../http/endpoint';
import { type StatsRange, statsRangeQuery } from './stats';

/**
 * GET <service>/admin/exports/<name>?from&to (admin): every row of the range as CSV, streamed
 * (`text/csv`, attachment named for the range), so an accountant's export of any size never sits
 * in one array. The answer has no JSON body, so `response` is undefined.
 */
const exportEndpoint = (base: string, name: string) => defineEndpoint('GET', base, `/admin/exports/${name}`, { query: statsRangeQuery, response: undefined });

export const ADMIN_EXPORT_ENDPOINTS = {
  customers: exportEndpoint(IDENTITY_BASE, 'customers'),
  subscriptions: exportEndpoint(BILLING_BASE, 'subscriptions'),
  payments: exportEndpoint(BILLING_BASE, 'payments'),
  invoices: exportEndpoint(BILLING_BASE, 'invoices'),
  ledger: exportEndpoint(CHAT_BASE, 'ledger'),
} as const;
export type AdminExportName = keyof typeof ADMIN_EXPORT_ENDPOINTS;

/** `customers-2026-11-01-to-2026-11-28.csv`: what the download is saved as. */
export const exportFileName = (name: AdminExportName, range: StatsRange) => `${name}-${range.from}-to-${range.to}.csv`;

/** The columns of each export, in order: the header row the file starts with. */
export const ADMIN_EXPORT_COLUMNS: Record<AdminExportName, readonly string[]> = {
  customers: ['User ID', 'Email', 'Name', 'Plan', 'Status', 'Email confirmed', 'Signed up'],
  subscriptions: ['Subscription ID', 'User ID', 'Product', 'Status', 'Amount', 'Currency', 'Interval', 'Period start', 'Period end', 'Cancels at period end'],
  payments: ['Payment ID', 'User ID', 'Kind', 'Amount', 'Currency', 'Subscription ID', 'Paid at'],
  invoices: ['Invoice ID', 'Number', 'User ID', 'Kind', 'Description', 'Status', 'Total', 'Tax', 'Amount paid', 'Amount due', 'Currency', 'Issued at'],
  ledger: ['Entry ID', 'User ID', 'Kind', 'Plan credits', 'Purchased credits', 'Reason', 'Reference', 'At'],
};
