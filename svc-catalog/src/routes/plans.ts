import { CATALOG_ADMIN_ENDPOINTS, CATALOG_ENDPOINTS, planCreate, planPatch } from '@agentdock/contracts';
import { requireAdmin } from '@agentdock/service-kit';
import { adminActorOf, type ServiceContext } from '@agentdock/service-data';
import { Router } from 'express';
import { z } from 'zod';
import type { CatalogSchema } from '../db/schema';
import { invalidatingAfterCommit, publicPlansCache } from '../domain/plan-cache';
import { createPlan, deletePlan, getPlan, listPlans, updatePlan } from '../domain/plans';

const planParams = z.object({ id: z.string().min(1).max(64) });

/** Public reads of active plans; admin-only writes and the admin view including inactive plans. */
export function plansRouter(context: ServiceContext<CatalogSchema>): Router {
  const router = Router();
  const adminOnly = requireAdmin(context.verifier);
  const publicPlans = publicPlansCache(context.db);
  const writer = invalidatingAfterCommit(context, publicPlans);

  router.get(CATALOG_ENDPOINTS.plans.route, async (_req, res) => {
    res.json({ plans: await publicPlans.get() });
  });

  router.get(CATALOG_ENDPOINTS.plan.route, async (req, res) => {
    res.json(await getPlan(context.db, planParams.parse(req.params).id, { includeInactive: false }));
  });

  router.get(CATALOG_ADMIN_ENDPOINTS.plans.route, adminOnly, async (_req, res) => {
    res.json({ plans: await listPlans(context.db, { includeInactive: true }) });
  });

  router.post(CATALOG_ADMIN_ENDPOINTS.createPlan.route, adminOnly, async (req, res) => {
    res.status(201).json(await createPlan(writer, adminActorOf(req), planCreate.parse(req.body)));
  });

  router.patch(CATALOG_ADMIN_ENDPOINTS.updatePlan.route, adminOnly, async (req, res) => {
    res.json(await updatePlan(writer, adminActorOf(req), planParams.parse(req.params).id, planPatch.parse(req.body)));
  });

  router.delete(CATALOG_ADMIN_ENDPOINTS.deletePlan.route, adminOnly, async (req, res) => {
    await deletePlan(writer, adminActorOf(req), planParams.parse(req.params).id);
    res.status(204).end();
  });

  return router;
}
