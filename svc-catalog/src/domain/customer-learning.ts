import type { CustomerLearning } from '@agentdock/contracts';
import type { Db } from '@agentdock/service-data';
import { and, count, eq } from '@agentdock/service-data/orm';
import { type CatalogSchema, courseCertificates, courseEnrolments, courseLessons, lessonCompletions } from '../db/schema';
import { listCourses } from './courses';

/**
 * One customer's learning for the admin console's customer page: every course they can open, have
 * completed a lesson of or hold a certificate for, with the published lessons done of the total
 * (as their own progress counts them). Reads only the catalog's tables.
 */
export async function getCustomerLearning(db: Db<CatalogSchema>, userId: string): Promise<CustomerLearning> {
  const memberships = await db
    .select({ courseId: courseEnrolments.courseId, source: courseEnrolments.source, createdAt: courseEnrolments.createdAt })
    .from(courseEnrolments)
    .where(eq(courseEnrolments.userId, userId));
  const done = await db
    .select({ courseId: lessonCompletions.courseId, completed: count() })
    .from(lessonCompletions)
    .innerJoin(courseLessons, and(eq(courseLessons.id, lessonCompletions.lessonId), eq(courseLessons.isPublished, true)))
    .where(eq(lessonCompletions.userId, userId))
    .groupBy(lessonCompletions.courseId);
  const certificates = await db
    .select({ courseId: courseCertificates.courseId, courseTitle: courseCertificates.courseTitle, code: courseCertificates.code, completedAt: courseCertificates.completedAt })
    .from(courseCertificates)
    .where(eq(courseCertificates.userId, userId));
  const courseIds = new Set([...memberships, ...done, ...certificates].map((row) => row.courseId));
  if (courseIds.size === 0) return { courses: [] };
  const totals = await db
    .select({ courseId: courseLessons.courseId, total: count() })
    .from(courseLessons)
    .where(eq(courseLessons.isPublished, true))
    .groupBy(courseLessons.courseId);

  const membershipOf = new Map(memberships.map((row) => [row.courseId, row]));
  const completedOf = new Map(done.map((row) => [row.courseId, row.completed]));
  const certificateOf = new Map(certificates.map((row) => [row.courseId, row]));
  const totalOf = new Map(totals.map((row) => [row.courseId, row.total]));
  const catalogue = await listCourses(db, { includeArchived: true });
  const titleOf = new Map(catalogue.map((course) => [course.id, course.title]));
  // The catalogue's order; a course no longer in it (kept by an old certificate) comes last.
  const ordered = [...catalogue.map((course) => course.id).filter((id) => courseIds.has(id)), ...[...courseIds].filter((id) => !titleOf.has(id)).sort()];
  return {
    courses: ordered.map((courseId) => {
      const membership = membershipOf.get(courseId);
      const certificate = certificateOf.get(courseId);
      return {
        courseId,
        title: titleOf.get(courseId) ?? certificate?.courseTitle ?? courseId,
        membership: membership ? { source: membership.source, since: membership.createdAt.toISOString() } : null,
        completed: completedOf.get(courseId) ?? 0,
        total: totalOf.get(courseId) ?? 0,
        certificate: certificate ? { code: certificate.code, completedAt: certificate.completedAt.toISOString() } : null,
      };
    }),
  };
}
