import { daysOfRange, type IdentityStats, type StatsRange } from '@agentdock/contracts';
import { type Db } from '@agentdock/service-data';
import { and, count, gte, sql } from '@agentdock/service-data/orm';
import { identitySignupsDaily, organisationMembers, organisations } from '../db/schema';

/**
 * Sign-ups per UTC day of the range, and how many of them have confirmed their address: one row
 * per day of the rollup the `users` trigger keeps (migration 0006), whatever the history; and the
 * teams there are now with their members (two index-only counts).
 */
export async function identityStatsFor(db: Db, range: StatsRange): Promise<IdentityStats> {
  const rows = await db
    .select({ day: sql<string>`to_char(${identitySignupsDaily.day}, 'YYYY-MM-DD')`, signUps: identitySignupsDaily.signUps, confirmed: identitySignupsDaily.confirmed })
    .from(identitySignupsDaily)
    .where(and(gte(identitySignupsDaily.day, range.from), sql`${identitySignupsDaily.day} <= ${range.to}`));
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const days = daysOfRange(range).map((date) => ({ date, signUps: Number(byDay.get(date)?.signUps ?? 0), confirmedSignUps: Number(byDay.get(date)?.confirmed ?? 0) }));
  const [[teams], [members]] = await Promise.all([db.select({ n: count() }).from(organisations), db.select({ n: count() }).from(organisationMembers)]);
  return {
    teams: { organisations: teams?.n ?? 0, members: members?.n ?? 0 },
    signUps: days.reduce((sum, day) => sum + day.signUps, 0),
    confirmedSignUps: days.reduce((sum, day) => sum + day.confirmedSignUps, 0),
    days,
  };
}
