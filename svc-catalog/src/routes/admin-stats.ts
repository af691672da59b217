import { ADMIN_STATS_ENDPOINTS, endpointUrl } from '@agentdock/contracts';
import { requireAdmin } from '@agentdock/service-kit';
import { adminStatsRouter, type ServiceContext } from '@agentdock/service-data';
import type { CatalogSchema } from '../db/schema';
import { catalogStatsFor } from '../domain/admin-stats';

/** Course figures for the admin console's overview (admins only). */
export const catalogStatsRouter = (context: ServiceContext<CatalogSchema>) =>
  adminStatsRouter({ path: endpointUrl(ADMIN_STATS_ENDPOINTS.catalog), guard: [requireAdmin(context.verifier)], compute: (range) => catalogStatsFor(context.db, range) });
