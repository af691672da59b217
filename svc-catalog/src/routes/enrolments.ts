import { CATALOG_ADMIN_ENDPOINTS, enrolmentGrant } from '@agentdock/contracts';
import { requireAdmin } from '@agentdock/service-kit';
import { adminActorOf, type ServiceContext } from '@agentdock/service-data';
import { Router } from 'express';
import type { CatalogSchema } from '../db/schema';
import { grantEnrolment, listEnrolments, revokeEnrolment } from '../domain/enrolments';
import { courseMemberParams, courseParams } from './params';

/** Admin management of course membership. */
export function enrolmentsRouter(context: ServiceContext<CatalogSchema>): Router {
  const router = Router();
  const adminOnly = requireAdmin(context.verifier);

  router.get(CATALOG_ADMIN_ENDPOINTS.enrolments.route, adminOnly, async (req, res) => {
    res.json({ enrolments: await listEnrolments(context.db, courseParams.parse(req.params).id) });
  });

  // Granting an existing membership is not an error: 200 with the membership as it was.
  router.post(CATALOG_ADMIN_ENDPOINTS.grantEnrolment.route, adminOnly, async (req, res) => {
    const courseId = courseParams.parse(req.params).id;
    const { userId } = enrolmentGrant.parse(req.body);
    const { enrolment, created } = await grantEnrolment(context, { courseId, userId, source: 'admin' }, adminActorOf(req));
    res.status(created ? 201 : 200).json(enrolment);
  });

  router.delete(CATALOG_ADMIN_ENDPOINTS.revokeEnrolment.route, adminOnly, async (req, res) => {
    const { id, userId } = courseMemberParams.parse(req.params);
    await revokeEnrolment(context, adminActorOf(req), id, userId);
    res.status(204).end();
  });

  return router;
}
