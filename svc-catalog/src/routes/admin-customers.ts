import { CATALOG_CUSTOMER_ENDPOINTS } from '@agentdock/contracts';
import { requireAdmin } from '@agentdock/service-kit';
import { type ServiceContext } from '@agentdock/service-data';
import { Router } from 'express';
import type { CatalogSchema } from '../db/schema';
import { getCustomerLearning } from '../domain/customer-learning';
import { customerParams } from './params';

/** What the admin console's customer page shows of one customer's courses (admins only). */
export function adminCustomersRouter(context: ServiceContext<CatalogSchema>): Router {
  const router = Router();
  const adminOnly = requireAdmin(context.verifier);

  router.get(CATALOG_CUSTOMER_ENDPOINTS.learning.route, adminOnly, async (req, res) => {
    res.json(await getCustomerLearning(context.db, customerParams.parse(req.params).userId));
  });

  return router;
}
