import { type CatalogStats, daysOfRange, rangeBounds, type StatsRange } from '@agentdock/contracts';
import { type Db } from '@agentdock/service-data';
import { sql } from '@agentdock/service-data/orm';
import { courseEnrolments } from '../db/schema';
import { COURSES } from './course-catalogue';

const joinedDay = sql<string>`to_char(${courseEnrolments.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;

/** Members of each course now, and those who joined in the range (per course and per UTC day). */
export async function catalogStatsFor(db: Db, range: StatsRange): Promise<CatalogStats> {
  const { start, end } = rangeBounds(range);
  const joinedInRange = sql`${courseEnrolments.createdAt} >= ${start.toISOString()} and ${courseEnrolments.createdAt} < ${end.toISOString()}`;
  const perCourse = await db
    .select({
      courseId: courseEnrolments.courseId,
      members: sql<number>`count(*)::int`.mapWith(Number),
      newMembers: sql<number>`(count(*) filter (where ${joinedInRange}))::int`.mapWith(Number),
    })
    .from(courseEnrolments)
    .groupBy(courseEnrolments.courseId);
  const perDay = await db
    .select({ day: joinedDay, newMembers: sql<number>`count(*)::int`.mapWith(Number) })
    .from(courseEnrolments)
    .where(joinedInRange)
    .groupBy(joinedDay);
  const counted = new Map(perCourse.map((row) => [row.courseId, row]));
  const courseIds = [...new Set([...COURSES.map((course) => course.id), ...counted.keys()])];
  const byDay = new Map(perDay.map((row) => [row.day, row.newMembers]));
  return {
    courses: courseIds.map((courseId) => ({ courseId, members: counted.get(courseId)?.members ?? 0, newMembers: counted.get(courseId)?.newMembers ?? 0 })),
    days: daysOfRange(range).map((date) => ({ date, newMembers: byDay.get(date) ?? 0 })),
  };
}
