import { type ChatStats, type CreditsRanking, CUSTOMER_LEDGER_SHOWN, type CustomerUsage, type LedgerKind, daysOfRange, type StatsRange } from '@agentdock/contracts';
import { type Db } from '@agentdock/service-data';
import { and, desc, eq, inArray, isNull, sql } from '@agentdock/service-data/orm';
import { customerFiguresFor } from './stats-customers';
import { chatAgents, chatConversations, type ChatSchema, chatStatsDaily, chatWalletLedger, chatWallets } from '../db/schema';

/** `grouping(day, agent_id)` of each grouping set: a bit is set for each column rolled up. */
const LEVEL = { perDay: 1, perAgent: 2 } as const;

interface SeriesRow {
  level: number | string;
  day: string | null;
  channel: string;
  agent_id: string | null;
  messages: number | string;
  credits: number | string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Usage in a range, from the daily rollups the triggers of migration 0013 keep: the agents' replies
 * delivered on the web (a reply is what costs credits; a refunded reply's credits are not counted)
 * per UTC day and per agent, the public API's answered requests per day, and the active and top
 * customers of the web chat. The range reads one rollup row per day and series, whatever the history.
 */
export async function chatStatsFor(db: Db<ChatSchema>, range: StatsRange): Promise<ChatStats> {
  const inRange = sql`day >= ${range.from}::date and day <= ${range.to}::date`;
  const series = rowsOf<SeriesRow>(
    await db.execute(sql`
      select grouping(day, agent_id) as level, to_char(day, 'YYYY-MM-DD') as day, channel, agent_id, sum(messages)::bigint as messages, sum(credits)::bigint as credits
      from ${chatStatsDaily} where ${inRange}
      group by grouping sets ((day, channel), (channel, agent_id))
      having sum(messages) <> 0 or sum(credits) <> 0`),
  ).map((row) => ({ ...row, level: Number(row.level), messages: Number(row.messages), credits: Number(row.credits) }));
  const customers = await customerFiguresFor(db, range);
  const perAgent = series
    .filter((row) => row.level === LEVEL.perAgent && row.channel === 'web' && row.messages > 0)
    .map((row) => ({ agentId: row.agent_id!, messages: row.messages, credits: row.credits }))
    .sort((a, b) => b.credits - a.credits || b.messages - a.messages || a.agentId.localeCompare(b.agentId));

  const agentIds = perAgent.map((row) => row.agentId).filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  const names = new Map(
    agentIds.length === 0
      ? []
      : (await db.select({ id: chatAgents.id, name: chatAgents.name }).from(chatAgents).where(inArray(chatAgents.id, agentIds))).map((agent) => [agent.id, agent.name]),
  );
  const perDay = (channel: string) => new Map(series.filter((row) => row.level === LEVEL.perDay && row.channel === channel).map((row) => [row.day!, row]));
  const [webByDay, apiByDay] = [perDay('web'), perDay('api')];
  const days = daysOfRange(range).map((date) => ({
    date,
    messages: webByDay.get(date)?.messages ?? 0,
    credits: webByDay.get(date)?.credits ?? 0,
    apiRequests: apiByDay.get(date)?.messages ?? 0,
    apiCredits: apiByDay.get(date)?.credits ?? 0,
  }));
  const total = (figure: 'messages' | 'credits' | 'apiRequests' | 'apiCredits') => days.reduce((sum, day) => sum + day[figure], 0);
  return {
    messages: total('messages'),
    credits: total('credits'),
    apiRequests: total('apiRequests'),
    apiCredits: total('apiCredits'),
    activeCustomers: customers.activeCustomers,
    days,
    byAgent: perAgent.map((row) => ({ ...row, name: names.get(row.agentId) ?? null })),
    topCustomers: customers.topCustomers,
  };
}

/** The users who used the most plan credits this period (their wallet's allowance minus what is left). */
export async function creditsRankingOf(db: Db<ChatSchema>, limit: number): Promise<CreditsRanking> {
  const used = sql<number>`greatest(${chatWallets.creditsLimit} - ${chatWallets.creditsRemaining}, 0)`.mapWith(Number);
  const rows = await db
    .select({ userId: sql<string>`${chatWallets.userId}::text`, creditsUsed: used })
    .from(chatWallets)
    .orderBy(sql`${used} desc`, chatWallets.userId)
    .limit(limit);
  return { users: rows };
}

/** What the customer page shows of one user's chat: conversations and the latest wallet changes. */
export async function customerUsageOf(db: Db<ChatSchema>, userId: string): Promise<CustomerUsage> {
  const [conversations] = await db
    .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(chatConversations)
    .where(and(eq(chatConversations.userId, userId), isNull(chatConversations.deletedAt)));
  const ledger = await db
    .select()
    .from(chatWalletLedger)
    .where(eq(chatWalletLedger.userId, userId))
    .orderBy(desc(chatWalletLedger.createdAt), desc(chatWalletLedger.id))
    .limit(CUSTOMER_LEDGER_SHOWN);
  return {
    conversations: conversations?.count ?? 0,
    ledger: ledger.map((row) => ({
      id: row.id,
      kind: row.kind as LedgerKind,
      planDelta: row.planDelta,
      purchasedDelta: row.purchasedDelta,
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
