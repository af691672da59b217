import { requireAdmin } from '@agentdock/service-kit';
import { adminExportRouter, type ServiceContext } from '@agentdock/service-data';
import { Router } from 'express';
import type { BillingSchema } from '../db/schema';
import { invoiceRows, paymentRows, subscriptionRows } from '../domain/admin-exports';

/** The subscriptions, payments and invoices exports (CSV) for the console (admins only). */
export function billingExportsRouter(context: ServiceContext<BillingSchema>): Router {
  const guard = [requireAdmin(context.verifier)];
  return Router().use(
    adminExportRouter({ name: 'subscriptions', guard, rows: (range) => subscriptionRows(context.db, range) }),
    adminExportRouter({ name: 'payments', guard, rows: (range) => paymentRows(context.db, range) }),
    adminExportRouter({ name: 'invoices', guard, rows: (range) => invoiceRows(context.db, range) }),
  );
}
