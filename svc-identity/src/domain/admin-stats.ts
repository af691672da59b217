import { daysOfRange, type IdentityStats, rangeBounds, type StatsRange } from '@agentdock/contracts';
import { type Db } from '@agentdock/service-data';
import { and, gte, lt, sql } from '@agentdock/service-data/orm';
import { users } from '../db/schema';

const signUpDay = sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;

/** Sign-ups per UTC day of the range, and how many of them have confirmed their address. */
export async function identityStatsFor(db: Db, range: StatsRange): Promise<IdentityStats> {
  const { start, end } = rangeBounds(range);
  const rows = await db
    .select({
      day: signUpDay,
      signUps: sql<number>`count(*)::int`.mapWith(Number),
      confirmed: sql<number>`count(${users.emailConfirmedAt})::int`.mapWith(Number),
    })
    .from(users)
    .where(and(gte(users.createdAt, start), lt(users.createdAt, end)))
    .groupBy(signUpDay);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const days = daysOfRange(range).map((date) => ({ date, signUps: byDay.get(date)?.signUps ?? 0, confirmedSignUps: byDay.get(date)?.confirmed ?? 0 }));
  return {
    signUps: days.reduce((sum, day) => sum + day.signUps, 0),
    confirmedSignUps: days.reduce((sum, day) => sum + day.confirmedSignUps, 0),
    days,
  };
}
