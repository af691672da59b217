import { CATALOG_ADMIN_ENDPOINTS } from '@agentdock/contracts';
import { requireAdmin } from '@agentdock/service-kit';
import { adminActorOf, type ServiceContext } from '@agentdock/service-data';
import { Router } from 'express';
import type { CatalogSchema } from '../db/schema';
import { NO_FIGURES, readPublicFigures } from '../domain/course-figures';
import { archiveCourse, createCourse, listCourses, reorderCourses, restoreCourse, updateCourse } from '../domain/courses';
import { courseWithLessons } from '../domain/lessons';
import { courseParams } from './params';

/** The operator's course editing: create, edit, reorder, archive and restore, and every course with its members now. */
export function adminCoursesRouter(context: ServiceContext<CatalogSchema>): Router {
  const router = Router();
  const adminOnly = requireAdmin(context.verifier);

  // Counted on each request, not from the public pages' short cache: the console shows members now.
  router.get(CATALOG_ADMIN_ENDPOINTS.courses.route, adminOnly, async (_req, res) => {
    const [all, figures] = await Promise.all([listCourses(context.db, { includeArchived: true }), readPublicFigures(context.db)]);
    const courses = [];
    for (const course of all) courses.push(await courseWithLessons(context.db, { ...course, ...(figures.courses.get(course.id) ?? NO_FIGURES) }));
    res.json({ courses });
  });

  router.post(CATALOG_ADMIN_ENDPOINTS.createCourse.route, adminOnly, async (req, res) => {
    const course = await createCourse(context, adminActorOf(req), CATALOG_ADMIN_ENDPOINTS.createCourse.request.parse(req.body));
    res.status(201).json({ ...course, ...NO_FIGURES });
  });

  // Registered before the :id routes of other methods; the paths never compete.
  router.put(CATALOG_ADMIN_ENDPOINTS.reorderCourses.route, adminOnly, async (req, res) => {
    const { courseIds } = CATALOG_ADMIN_ENDPOINTS.reorderCourses.request.parse(req.body);
    const figures = await readPublicFigures(context.db);
    const courses = await reorderCourses(context, adminActorOf(req), courseIds);
    res.json({ courses: courses.map((course) => ({ ...course, ...(figures.courses.get(course.id) ?? NO_FIGURES) })) });
  });

  router.patch(CATALOG_ADMIN_ENDPOINTS.updateCourse.route, adminOnly, async (req, res) => {
    const id = courseParams.parse(req.params).id;
    const course = await updateCourse(context, adminActorOf(req), id, CATALOG_ADMIN_ENDPOINTS.updateCourse.request.parse(req.body));
    res.json({ ...course, ...((await readPublicFigures(context.db)).courses.get(id) ?? NO_FIGURES) });
  });

  for (const [endpoint, change] of [
    [CATALOG_ADMIN_ENDPOINTS.archiveCourse, archiveCourse],
    [CATALOG_ADMIN_ENDPOINTS.restoreCourse, restoreCourse],
  ] as const) {
    router.post(endpoint.route, adminOnly, async (req, res) => {
      const id = courseParams.parse(req.params).id;
      const course = await change(context, adminActorOf(req), id);
      res.json({ ...course, ...((await readPublicFigures(context.db)).courses.get(id) ?? NO_FIGURES) });
    });
  }

  return router;
}
