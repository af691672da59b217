import type { Db } from '@agentdock/service-data';
import { and, count, eq } from '@agentdock/service-data/orm';
import { type CatalogSchema, communityMembers, courseCertificates, courseEnrolments } from '../db/schema';
import { CachedValue } from './cached-value';

/**
 * Below this many members a completion rate says more about one or two people than about the
 * course, so none is shown: no figure rather than a misleading one.
 */
export const MIN_MEMBERS_FOR_COMPLETION_RATE = 5;

/** How long a new member can go uncounted on the public pages (they are read on every course view). */
export const COURSE_FIGURES_MAX_AGE_MS = 10_000;

export interface CourseFigures {
  /** Members now: admin grants and live course subscriptions. */
  students: number;
  /** Of those members, the share holding the course's certificate; null below the minimum. */
  completionRate: number | null;
}

export interface PublicFigures {
  courses: ReadonlyMap<string, CourseFigures>;
  communityMembers: number;
}

export const NO_FIGURES: CourseFigures = { students: 0, completionRate: null };

/** Every course's figures and the community's member count, from the rows themselves. */
export async function readPublicFigures(db: Db<CatalogSchema>): Promise<PublicFigures> {
  const [perCourse, [community]] = await Promise.all([
    db
      .select({ courseId: courseEnrolments.courseId, students: count(), completed: count(courseCertificates.code) })
      .from(courseEnrolments)
      .leftJoin(courseCertificates, and(eq(courseCertificates.courseId, courseEnrolments.courseId), eq(courseCertificates.userId, courseEnrolments.userId)))
      .groupBy(courseEnrolments.courseId),
    db.select({ members: count() }).from(communityMembers),
  ]);
  const courses = new Map(
    perCourse.map(({ courseId, students, completed }) => [courseId, { students, completionRate: students >= MIN_MEMBERS_FOR_COMPLETION_RATE ? completed / students : null }]),
  );
  return { courses, communityMembers: community?.members ?? 0 };
}

export function publicFiguresCache(db: Db<CatalogSchema>, maxAgeMs = COURSE_FIGURES_MAX_AGE_MS): CachedValue<PublicFigures> {
  return new CachedValue(() => readPublicFigures(db), maxAgeMs);
}
