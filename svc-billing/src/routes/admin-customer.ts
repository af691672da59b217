import { adminTeamSubscriptionsQuery, BILLING_ADMIN_TEAM_ENDPOINTS, BILLING_CUSTOMER_ENDPOINTS, billingCustomersQuery } from '@agentdock/contracts';
import { requireAdmin } from '@agentdock/service-kit';
import { type ServiceContext } from '@agentdock/service-data';
import { Router } from 'express';
import { z } from 'zod';
import type { BillingSchema } from '../db/schema';
import { customerBillingOf, customersByStatus } from '../domain/admin-customer';
import { teamsBilling } from '../domain/team-billing';

const customerParams = z.object({ userId: z.string().min(1).max(200) });
const absolute = (endpoint: { base: string; route: string }) => `${endpoint.base}${endpoint.route}`;

/** Billing's side of the admin console's users list and customer page, and of its organisations (admins only). */
export function billingCustomerRouter(context: ServiceContext<BillingSchema>, dashboardBase: string): Router {
  const router = Router();
  const adminOnly = requireAdmin(context.verifier);
  router.get(absolute(BILLING_CUSTOMER_ENDPOINTS.customers), adminOnly, async (req, res) => {
    const { status } = billingCustomersQuery.parse(req.query);
    res.set('Cache-Control', 'no-store').json(await customersByStatus(context.db, status));
  });
  router.get(absolute(BILLING_CUSTOMER_ENDPOINTS.customer), adminOnly, async (req, res) => {
    const { userId } = customerParams.parse(req.params);
    res.set('Cache-Control', 'no-store').json(await customerBillingOf(context.db, dashboardBase, userId));
  });
  router.get(absolute(BILLING_ADMIN_TEAM_ENDPOINTS.teams), adminOnly, async (req, res) => {
    const { organisationIds } = adminTeamSubscriptionsQuery.parse(req.query);
    res.set('Cache-Control', 'no-store').json(await teamsBilling(context.db, organisationIds));
  });
  return router;
}
