import {
  type ChatStats,
  type CreditsRanking,
  CUSTOMER_LEDGER_SHOWN,
  type CustomerUsage,
  type LedgerKind,
  daysOfRange,
  rangeBounds,
  STATS_TOP_CUSTOMERS,
  type StatsRange,
} from '@agentdock/contracts';
import { type Db } from '@agentdock/service-data';
import { and, desc, eq, gte, inArray, isNull, lt, sql } from '@agentdock/service-data/orm';
import { chatAgents, chatApiRequests, chatMessages, type ChatSchema, chatConversations, chatWalletLedger, chatWallets } from '../db/schema';

/** `grouping(day, agent_id, user_id)` of each grouping set: a bit is set for each column rolled up. */
const LEVEL = { day: 3, agent: 5, user: 6 } as const;

/**
 * The statuses of the /v1 requests that were answered and settled: 200, and 499 when the caller
 * left before the end (charged for what was generated). A 502 (the provider failed) cost nothing.
 */
const ANSWERED_API_STATUSES = [200, 499];

interface UsageRow {
  level: number;
  day: string | null;
  agent_id: string | null;
  user_id: string | null;
  messages: number | string;
  credits: number | string;
  customers: number | string;
}

/**
 * Usage in a range: the agents' replies delivered on the web (a reply is what costs credits) and the
 * credits they cost, per UTC day, per agent and for the heaviest customers. One pass over the
 * range's replies (grouping sets), since on 1,000,000 messages each extra pass costs as much as the
 * query. The public API's requests and credits, per day, come from a second pass over its request
 * rows; the per-agent, per-customer and active-customer figures stay web-only.
 */
export async function chatStatsFor(db: Db<ChatSchema>, range: StatsRange): Promise<ChatStats> {
  const { start, end } = rangeBounds(range);
  // A refunded reply's credits went back to the customer, so they are not counted as spent.
  const result = await db.execute(sql`
    with usage as (
      select grouping(day, agent_id, user_id) as level, day, agent_id, user_id, count(*) as messages,
        coalesce(sum(credits) filter (where not refunded), 0) as credits
      from (
        select to_char(${chatMessages.createdAt} at time zone 'UTC', 'YYYY-MM-DD') as day, ${chatMessages.agentId} as agent_id,
          ${chatMessages.userId}::text as user_id, ${chatMessages.platformCreditsUsed} as credits, ${chatMessages.refundedAt} is not null as refunded
        from ${chatMessages}
        where ${chatMessages.role} = 'assistant' and ${chatMessages.createdAt} >= ${start.toISOString()} and ${chatMessages.createdAt} < ${end.toISOString()}
      ) as replies
      group by grouping sets ((day), (agent_id), (user_id))
    ),
    ranked as (
      select *, row_number() over (partition by level order by credits desc, messages desc, user_id) as rank,
        count(*) over (partition by level) as customers
      from usage
    )
    select level, day, agent_id, user_id, messages::int as messages, credits::bigint as credits, customers::int as customers
    from ranked
    where level <> ${LEVEL.user} or rank <= ${STATS_TOP_CUSTOMERS}`);
  const apiDay = sql<string>`to_char(${chatApiRequests.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const apiPerDay = await db
    .select({
      day: apiDay,
      requests: sql<number>`count(*)::int`.mapWith(Number),
      credits: sql<number>`coalesce(sum(${chatApiRequests.credits}), 0)::bigint`.mapWith(Number),
    })
    .from(chatApiRequests)
    .where(and(gte(chatApiRequests.createdAt, start), lt(chatApiRequests.createdAt, end), inArray(chatApiRequests.status, ANSWERED_API_STATUSES)))
    .groupBy(apiDay);
  const usage = (result as unknown as { rows: UsageRow[] }).rows.map((row) => ({ ...row, level: Number(row.level), messages: Number(row.messages), credits: Number(row.credits) }));
  const perDay = usage.filter((row) => row.level === LEVEL.day);
  const perAgent = usage
    .filter((row) => row.level === LEVEL.agent)
    .map((row) => ({ agentId: row.agent_id!, messages: row.messages, credits: row.credits }))
    .sort((a, b) => b.credits - a.credits || b.messages - a.messages || a.agentId.localeCompare(b.agentId));
  const customerRows = usage.filter((row) => row.level === LEVEL.user);
  const topCustomers = customerRows
    .map((row) => ({ userId: row.user_id!, messages: row.messages, credits: row.credits }))
    .sort((a, b) => b.credits - a.credits || b.messages - a.messages || a.userId.localeCompare(b.userId));

  const agentIds = perAgent.map((row) => row.agentId).filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  const names = new Map(
    agentIds.length === 0
      ? []
      : (await db.select({ id: chatAgents.id, name: chatAgents.name }).from(chatAgents).where(inArray(chatAgents.id, agentIds))).map((agent) => [agent.id, agent.name]),
  );
  const byDay = new Map(perDay.map((row) => [row.day!, row]));
  const apiByDay = new Map(apiPerDay.map((row) => [row.day, row]));
  const days = daysOfRange(range).map((date) => ({
    date,
    messages: byDay.get(date)?.messages ?? 0,
    credits: byDay.get(date)?.credits ?? 0,
    apiRequests: apiByDay.get(date)?.requests ?? 0,
    apiCredits: apiByDay.get(date)?.credits ?? 0,
  }));
  const total = (figure: 'messages' | 'credits' | 'apiRequests' | 'apiCredits') => days.reduce((sum, day) => sum + day[figure], 0);
  return {
    messages: total('messages'),
    credits: total('credits'),
    apiRequests: total('apiRequests'),
    apiCredits: total('apiCredits'),
    activeCustomers: Number(customerRows[0]?.customers ?? 0),
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
