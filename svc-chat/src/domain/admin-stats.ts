import { type ChatStats, type CreditsRanking, daysOfRange, rangeBounds, STATS_TOP_CUSTOMERS, type StatsRange } from '@agentdock/contracts';
import { type Db } from '@agentdock/service-data';
import { and, eq, gte, inArray, lt, sql } from '@agentdock/service-data/orm';
import { chatAgents, chatMessages, type ChatSchema, chatWallets } from '../db/schema';

const replyDay = sql<string>`to_char(${chatMessages.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
const replies = sql<number>`count(*)::int`.mapWith(Number);
/** A refunded reply's credits went back to the customer, so they are not counted as spent. */
const creditsSpent = sql<number>`coalesce(sum(${chatMessages.platformCreditsUsed}) filter (where ${chatMessages.refundedAt} is null), 0)::bigint`.mapWith(Number);

/**
 * Usage in a range: the agents' replies delivered (a reply is what costs credits) and the credits
 * they cost, per UTC day, per agent and for the heaviest customers.
 */
export async function chatStatsFor(db: Db<ChatSchema>, range: StatsRange): Promise<ChatStats> {
  const { start, end } = rangeBounds(range);
  const inRange = and(eq(chatMessages.role, 'assistant'), gte(chatMessages.createdAt, start), lt(chatMessages.createdAt, end));
  const perDay = await db.select({ day: replyDay, messages: replies, credits: creditsSpent }).from(chatMessages).where(inRange).groupBy(replyDay);
  const perAgent = await db
    .select({ agentId: chatMessages.agentId, messages: replies, credits: creditsSpent })
    .from(chatMessages)
    .where(inRange)
    .groupBy(chatMessages.agentId)
    .orderBy(sql`3 desc`, sql`2 desc`, chatMessages.agentId);
  const topCustomers = await db
    .select({ userId: sql<string>`${chatMessages.userId}::text`, messages: replies, credits: creditsSpent })
    .from(chatMessages)
    .where(inRange)
    .groupBy(chatMessages.userId)
    .orderBy(sql`3 desc`, sql`2 desc`, chatMessages.userId)
    .limit(STATS_TOP_CUSTOMERS);
  const [customers] = await db
    .select({ count: sql<number>`count(distinct ${chatMessages.userId})::int`.mapWith(Number) })
    .from(chatMessages)
    .where(inRange);

  const agentIds = perAgent.map((row) => row.agentId).filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  const names = new Map(
    agentIds.length === 0
      ? []
      : (await db.select({ id: chatAgents.id, name: chatAgents.name }).from(chatAgents).where(inArray(chatAgents.id, agentIds))).map((agent) => [agent.id, agent.name]),
  );
  const byDay = new Map(perDay.map((row) => [row.day, row]));
  const days = daysOfRange(range).map((date) => ({ date, messages: byDay.get(date)?.messages ?? 0, credits: byDay.get(date)?.credits ?? 0 }));
  return {
    messages: days.reduce((sum, day) => sum + day.messages, 0),
    credits: days.reduce((sum, day) => sum + day.credits, 0),
    activeCustomers: customers?.count ?? 0,
    days,
    byAgent: perAgent.map((row) => ({ ...row, name: names.get(row.agentId) ?? null })),
    topCustomers,
  };
}

/** The users who used the most plan credits this period (their wallet's allowance minus what is left). */
export async function creditsRankingOf(db: Db<ChatSchema>, limit: number): Promise<CreditsRanking> {
  const used = sql<number>`greatest(${chatWallets.creditsLimit} - ${chatWallets.creditsRemaining}, 0)`.mapWith(Number);
  const rows = await db
    .select({ userId: sql<string>`${chatWallets.userId}::text`, creditsUsed: used })
    .from(chatWallets)
    .orderBy(sql`2 desc`, chatWallets.userId)
    .limit(limit);
  return { users: rows };
}
