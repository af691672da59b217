import { CATALOG_ADMIN_ENDPOINTS } from '@agentdock/contracts';
import { requireAdmin } from '@agentdock/service-kit';
import { adminActorOf, type ServiceContext } from '@agentdock/service-data';
import { Router } from 'express';
import type { CatalogSchema } from '../db/schema';
import { createLesson, listAllLessons, reorderLessons, updateLesson } from '../domain/lessons';
import { courseParams, lessonParams } from './params';

/** The operator's lesson editing: add, edit (publish, unpublish), reorder. */
export function adminLessonsRouter(context: ServiceContext<CatalogSchema>): Router {
  const router = Router();
  const adminOnly = requireAdmin(context.verifier);

  router.get(CATALOG_ADMIN_ENDPOINTS.lessons.route, adminOnly, async (req, res) => {
    res.json({ lessons: await listAllLessons(context.db, courseParams.parse(req.params).id) });
  });

  router.post(CATALOG_ADMIN_ENDPOINTS.createLesson.route, adminOnly, async (req, res) => {
    const courseId = courseParams.parse(req.params).id;
    const input = CATALOG_ADMIN_ENDPOINTS.createLesson.request.parse(req.body);
    res.status(201).json(await createLesson(context, adminActorOf(req), courseId, input));
  });

  // Mounted before the :lessonId route of another method; the paths never compete.
  router.put(CATALOG_ADMIN_ENDPOINTS.reorderLessons.route, adminOnly, async (req, res) => {
    const courseId = courseParams.parse(req.params).id;
    const { lessonIds } = CATALOG_ADMIN_ENDPOINTS.reorderLessons.request.parse(req.body);
    res.json({ lessons: await reorderLessons(context, adminActorOf(req), courseId, lessonIds) });
  });

  router.patch(CATALOG_ADMIN_ENDPOINTS.updateLesson.route, adminOnly, async (req, res) => {
    const { id, lessonId } = lessonParams.parse(req.params);
    const patch = CATALOG_ADMIN_ENDPOINTS.updateLesson.request.parse(req.body);
    res.json(await updateLesson(context, adminActorOf(req), id, lessonId, patch));
  });

  return router;
}
