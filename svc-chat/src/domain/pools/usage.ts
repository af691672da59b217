import { daysOfRange, type PoolUsage, type StatsRange } from '@agentdock/contracts';
import type { Db } from '@agentdock/service-data';
import { and, asc, eq, gte, inArray, isNotNull, lte } from '@agentdock/service-data/orm';
import { type ChatSchema, chatPoolMemberDaily, chatPoolMembers } from '../../db/schema';
import { walletRow } from '../wallet';
import { poolMember } from './members';

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/** Without a range: the pool's current period (from its first day) up to today. */
export async function currentPeriodRange(db: Db<ChatSchema>, organisationId: string, now = new Date()): Promise<StatsRange> {
  const wallet = await walletRow(db, organisationId);
  const from = wallet && wallet.periodStart <= now ? isoDay(wallet.periodStart) : isoDay(now);
  return { from, to: isoDay(now) };
}

/**
 * Credits and replies per member and day, from the daily rollup (one row per member and day with
 * any spending, whatever the range): owners and admins see every current member, a member themself.
 * Every day of the range is there, 0 where nothing was spent.
 */
export async function poolUsageFor(db: Db<ChatSchema>, organisationId: string, callerId: string, range: StatsRange): Promise<PoolUsage> {
  const caller = await poolMember(db, organisationId, callerId);
  const memberIds =
    caller.role === 'member'
      ? [caller.userId]
      : (
          await db
            .select({ userId: chatPoolMembers.userId })
            .from(chatPoolMembers)
            .where(and(eq(chatPoolMembers.organisationId, organisationId), isNotNull(chatPoolMembers.role)))
            .orderBy(asc(chatPoolMembers.userId))
        ).map((row) => row.userId);
  const rows = await db
    .select()
    .from(chatPoolMemberDaily)
    .where(
      and(
        eq(chatPoolMemberDaily.organisationId, organisationId),
        inArray(chatPoolMemberDaily.userId, memberIds),
        gte(chatPoolMemberDaily.day, range.from),
        lte(chatPoolMemberDaily.day, range.to),
      ),
    );
  const spent = new Map(rows.map((row) => [`${row.userId}/${row.day}`, row]));
  const days = daysOfRange(range);
  return {
    ...range,
    members: memberIds.map((userId) => ({
      userId,
      days: days.map((date) => {
        const row = spent.get(`${userId}/${date}`);
        return { date, credits: row?.credits ?? 0, messages: row?.messages ?? 0 };
      }),
    })),
  };
}
