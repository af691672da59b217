import { CATALOG_ENDPOINTS, type Course, type CourseDefinition } from '@agentdock/contracts';
import { getAuth, requireAuth } from '@agentdock/service-kit';
import { type ServiceContext } from '@agentdock/service-data';
import { Router } from 'express';
import type { CatalogSchema } from '../db/schema';
import { COMMUNITY_OFFER } from '../domain/course-catalogue';
import { NO_FIGURES, publicFiguresCache } from '../domain/course-figures';
import { getCourse, listCourses } from '../domain/courses';
import { getEnrolmentStatus } from '../domain/enrolments';
import { courseWithLessons } from '../domain/lessons';
import { courseParams } from './params';

/** The listed courses with their members counted, the community offer and the caller's own enrolment status. */
export function coursesRouter(context: ServiceContext<CatalogSchema>): Router {
  const router = Router();
  const signedIn = requireAuth(context.verifier);
  const figures = publicFiguresCache(context.db);
  const withFigures = async (course: CourseDefinition): Promise<Course> => ({ ...course, ...((await figures.get()).courses.get(course.id) ?? NO_FIGURES) });

  // The lessons listed under each module are the ones the operator published.
  router.get(CATALOG_ENDPOINTS.courses.route, async (_req, res) => {
    const listed = await listCourses(context.db, { includeArchived: false });
    res.json({ courses: await Promise.all(listed.map(async (course) => courseWithLessons(context.db, await withFigures(course)))) });
  });

  // An archived course's page stays reachable: its members still read it.
  router.get(CATALOG_ENDPOINTS.course.route, async (req, res) => {
    res.json(await courseWithLessons(context.db, await withFigures(await getCourse(context.db, courseParams.parse(req.params).id))));
  });

  router.get(CATALOG_ENDPOINTS.community.route, async (_req, res) => {
    res.json({ ...COMMUNITY_OFFER, members: (await figures.get()).communityMembers });
  });

  router.get(CATALOG_ENDPOINTS.enrolment.route, signedIn, async (req, res) => {
    res.json(await getEnrolmentStatus(context.db, courseParams.parse(req.params).id, getAuth(req).sub));
  });

  return router;
}
