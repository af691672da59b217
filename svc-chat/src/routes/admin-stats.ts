import { ADMIN_STATS_ENDPOINTS, endpointUrl } from '@agentdock/contracts';
import { requireAdmin } from '@agentdock/service-kit';
import { adminStatsRouter, type ServiceContext } from '@agentdock/service-data';
import type { ChatSchema } from '../db/schema';
import { chatStatsFor } from '../domain/admin-stats';

/** Usage figures for the admin console's overview (admins only). */
export const chatStatsRouter = (context: ServiceContext<ChatSchema>) =>
  adminStatsRouter({ path: endpointUrl(ADMIN_STATS_ENDPOINTS.chat), guard: [requireAdmin(context.verifier)], compute: (range) => chatStatsFor(context.db, range) });
