import { requireAdmin } from '@agentdock/service-kit';
import { adminExportRouter, type ServiceContext } from '@agentdock/service-data';
import type { ChatSchema } from '../db/schema';
import { ledgerRows } from '../domain/admin-exports';

/** The credit ledger export (CSV) for the console (admins only). */
export const chatExportsRouter = (context: ServiceContext<ChatSchema>) =>
  adminExportRouter({ name: 'ledger', guard: [requireAdmin(context.verifier)], rows: (range) => ledgerRows(context.db, range) });
