import { type CatalogStats, daysOfRange, rangeBounds, type StatsRange } from '@agentdock/contracts';
import { type Db } from '@agentdock/service-data';
import { sql } from '@agentdock/service-data/orm';
import { courseEnrolments, lessonCompletions } from '../db/schema';
import { COURSES } from './course-catalogue';

const utcDay = (column: typeof courseEnrolments.createdAt | typeof lessonCompletions.completedAt) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
const joinedDay = utcDay(courseEnrolments.createdAt);
const completedDay = utcDay(lessonCompletions.completedAt);

/**
 * Members of each course now, those who joined in the range (per course and per UTC day), and the
 * lessons marked complete in the range (per UTC day).
 */
export async function catalogStatsFor(db: Db, range: StatsRange): Promise<CatalogStats> {
  const { start, end } = rangeBounds(range);
  const joinedInRange = sql`${courseEnrolments.createdAt} >= ${start.toISOString()} and ${courseEnrolments.createdAt} < ${end.toISOString()}`;
  const completedInRange = sql`${lessonCompletions.completedAt} >= ${start.toISOString()} and ${lessonCompletions.completedAt} < ${end.toISOString()}`;
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
  const completionsPerDay = await db
    .select({ day: completedDay, completions: sql<number>`count(*)::int`.mapWith(Number) })
    .from(lessonCompletions)
    .where(completedInRange)
    .groupBy(completedDay);
  const counted = new Map(perCourse.map((row) => [row.courseId, row]));
  const courseIds = [...new Set([...COURSES.map((course) => course.id), ...counted.keys()])];
  const joinedByDay = new Map(perDay.map((row) => [row.day, row.newMembers]));
  const completedByDay = new Map(completionsPerDay.map((row) => [row.day, row.completions]));
  return {
    courses: courseIds.map((courseId) => ({ courseId, members: counted.get(courseId)?.members ?? 0, newMembers: counted.get(courseId)?.newMembers ?? 0 })),
    lessonCompletions: completionsPerDay.reduce((sum, row) => sum + row.completions, 0),
    days: daysOfRange(range).map((date) => ({ date, newMembers: joinedByDay.get(date) ?? 0, lessonCompletions: completedByDay.get(date) ?? 0 })),
  };
}
