import { ADMIN_STATS_ENDPOINTS, CHAT_CUSTOMER_ENDPOINTS, creditsRankingQuery, endpointUrl } from '@agentdock/contracts';
import type { Router } from 'express';
import { z } from 'zod';
import { requireAdmin } from '@agentdock/service-kit';
import { adminStatsRouter, type ServiceContext } from '@agentdock/service-data';
import type { ChatSchema } from '../db/schema';
import { chatStatsFor, creditsRankingOf, customerUsageOf } from '../domain/admin-stats';

const userParams = z.object({ userId: z.uuid('Not a valid user id') });

/** Usage figures for the admin console's overview, users list and customer page (admins only). */
export function chatStatsRouter(context: ServiceContext<ChatSchema>): Router {
  const guard = [requireAdmin(context.verifier)];
  const router = adminStatsRouter({ path: endpointUrl(ADMIN_STATS_ENDPOINTS.chat), guard, compute: (range) => chatStatsFor(context.db, range) });
  // The users list's "most credits used" order.
  router.get(endpointUrl(CHAT_CUSTOMER_ENDPOINTS.creditsRanking), ...guard, async (req, res) => {
    const { limit } = creditsRankingQuery.parse(req.query);
    res.set('Cache-Control', 'no-store').json(await creditsRankingOf(context.db, limit));
  });
  router.get(`${CHAT_CUSTOMER_ENDPOINTS.usage.base}${CHAT_CUSTOMER_ENDPOINTS.usage.route}`, ...guard, async (req, res) => {
    const { userId } = userParams.parse(req.params);
    res.set('Cache-Control', 'no-store').json(await customerUsageOf(context.db, userId));
  });
  return router;
}
