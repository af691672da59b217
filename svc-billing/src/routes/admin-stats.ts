import { ADMIN_STATS_ENDPOINTS, endpointUrl } from '@agentdock/contracts';
import { requireAdmin } from '@agentdock/service-kit';
import { adminStatsRouter, type ServiceContext } from '@agentdock/service-data';
import type { BillingSchema } from '../db/schema';
import { billingStatsFor } from '../domain/admin-stats';

/** Revenue, MRR and churn for the admin console's overview (admins only). */
export const billingStatsRouter = (context: ServiceContext<BillingSchema>) =>
  adminStatsRouter({ path: endpointUrl(ADMIN_STATS_ENDPOINTS.billing), guard: [requireAdmin(context.verifier)], compute: (range) => billingStatsFor(context.db, range) });
