import { type CatalogStats, daysOfRange, type StatsRange } from '@agentdock/contracts';
import { type Db } from '@agentdock/service-data';
import { and, gt, gte, sql } from '@agentdock/service-data/orm';
import { catalogCompletionsDaily, catalogCourseMembers, catalogMembersDaily } from '../db/schema';
import { listCourses } from './courses';

const dayText = (column: typeof catalogMembersDaily.day | typeof catalogCompletionsDaily.day) => sql<string>`to_char(${column}, 'YYYY-MM-DD')`;

/**
 * Members of each course now, those who joined in the range (per course and per UTC day), and the
 * lessons marked complete in the range (per UTC day): from the rollups the triggers of migration
 * 0008 keep, one row per course and at most one per day and series, whatever the history.
 */
export async function catalogStatsFor(db: Db, range: StatsRange): Promise<CatalogStats> {
  const inRange = (column: typeof catalogMembersDaily.day | typeof catalogCompletionsDaily.day) => and(gte(column, range.from), sql`${column} <= ${range.to}`);
  const members = await db.select().from(catalogCourseMembers).where(gt(catalogCourseMembers.members, 0));
  const joined = await db
    .select({ day: dayText(catalogMembersDaily.day), courseId: catalogMembersDaily.courseId, members: catalogMembersDaily.members })
    .from(catalogMembersDaily)
    .where(inRange(catalogMembersDaily.day));
  const completions = await db
    .select({ day: dayText(catalogCompletionsDaily.day), completions: catalogCompletionsDaily.completions })
    .from(catalogCompletionsDaily)
    .where(inRange(catalogCompletionsDaily.day));
  const newMembersOf = new Map<string, number>();
  const joinedByDay = new Map<string, number>();
  for (const row of joined) {
    newMembersOf.set(row.courseId, (newMembersOf.get(row.courseId) ?? 0) + Number(row.members));
    joinedByDay.set(row.day, (joinedByDay.get(row.day) ?? 0) + Number(row.members));
  }
  const membersOf = new Map(members.map((row) => [row.courseId, Number(row.members)]));
  const courseIds = [...new Set([...(await listCourses(db, { includeArchived: true })).map((course) => course.id), ...membersOf.keys()])];
  const completedByDay = new Map(completions.map((row) => [row.day, Number(row.completions)]));
  return {
    courses: courseIds.map((courseId) => ({ courseId, members: membersOf.get(courseId) ?? 0, newMembers: newMembersOf.get(courseId) ?? 0 })),
    lessonCompletions: [...completedByDay.values()].reduce((sum, count) => sum + count, 0),
    days: daysOfRange(range).map((date) => ({ date, newMembers: joinedByDay.get(date) ?? 0, lessonCompletions: completedByDay.get(date) ?? 0 })),
  };
}
