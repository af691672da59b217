import { type ChatMessage, REPLY_STOP_REASONS, type ReplyStopReason, type UsageSummary } from '@agentdock/contracts';
import { serverSanitizer } from '@agentdock/html-sanitizer/server';
import type { Db } from '@agentdock/service-data';
import { and, asc, eq, gte, sql } from '@agentdock/service-data/orm';
import { type ChatSchema, chatApiRequests, chatMessages } from '../db/schema';
import { ownReplies } from './own-replies';
import { periodUsageOf } from './statement/period-usage';

type MessageRow = typeof chatMessages.$inferSelect;

/** How many earlier messages go to the provider as context. */
export const HISTORY_CONTEXT = 10;

// Replies are stored as the provider wrote them (Markdown) and rendered on the way out, through
// the platform's one HTML policy; the browser sanitises again when it renders.
export function renderReply(markdown: string): string {
  return serverSanitizer().renderMarkdown(markdown);
}

export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    agentId: row.agentId,
    sessionId: row.sessionId ?? row.id,
    role: row.role === 'assistant' ? 'assistant' : 'user',
    content: row.role === 'assistant' ? renderReply(row.content) : row.content,
    markdown: row.content,
    messageOrder: row.messageOrder,
    tokensUsed: row.realTokensUsed,
    creditsUsed: row.refundedAt ? 0 : row.platformCreditsUsed,
    imageUrl: row.imageUrl,
    createdAt: row.createdAt.toISOString(),
    parentId: row.parentId,
    ...(isStopReason(row.stopReason) ? { stopReason: row.stopReason } : {}),
    ...(row.sources?.length ? { sources: row.sources } : {}),
    ...(row.agentVersion !== null ? { agentVersion: row.agentVersion } : {}),
  };
}

function isStopReason(value: string | null): value is ReplyStopReason {
  return (REPLY_STOP_REASONS as readonly (string | null)[]).includes(value);
}

export const USAGE_DAYS = 30;

/** The last 30 UTC days ending today, oldest first. */
export function lastDays(now: Date, days = USAGE_DAYS): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, index) => new Date(today - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10));
}

/** Totals over the user's web chat replies paid from their own wallet (refunded ones cost nothing) and the 30-day series, with the API requests of each day beside them. */
export async function usageFor(db: Db<ChatSchema>, userId: string, now = new Date()): Promise<UsageSummary> {
  // What the person's own wallet paid for: replies sent in a team's workspace are the team's figures.
  const replies = ownReplies(userId);
  const credits = sql<number>`coalesce(sum(case when ${chatMessages.refundedAt} is null then ${chatMessages.platformCreditsUsed} else 0 end), 0)::bigint`;
  const [totals] = await db
    .select({ messages: sql<number>`count(*)::int`, credits, tokens: sql<number>`coalesce(sum(${chatMessages.realTokensUsed}), 0)::bigint` })
    .from(chatMessages)
    .where(replies);
  const days = lastDays(now);
  const day = sql<string>`to_char(${chatMessages.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const series = await db
    .select({ day, credits, messages: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(and(replies, gte(chatMessages.createdAt, new Date(`${days[0]}T00:00:00.000Z`))))
    .groupBy(day)
    .orderBy(asc(day));
  const byDay = new Map(series.map((row) => [row.day, row]));
  // API requests beside the web replies: their own table, since they store no messages.
  const apiDay = sql<string>`to_char(${chatApiRequests.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const apiSeries = await db
    .select({ day: apiDay, credits: sql<number>`coalesce(sum(${chatApiRequests.credits}), 0)::bigint`, requests: sql<number>`count(*)::int` })
    .from(chatApiRequests)
    .where(and(eq(chatApiRequests.userId, userId), gte(chatApiRequests.createdAt, new Date(`${days[0]}T00:00:00.000Z`))))
    .groupBy(apiDay)
    .orderBy(asc(apiDay));
  const apiByDay = new Map(apiSeries.map((row) => [row.day, row]));
  const thisPeriod = await periodUsageOf(db, userId);
  const messageCount = Number(totals?.messages ?? 0);
  const totalTokens = Number(totals?.tokens ?? 0);
  return {
    messageCount,
    totalCreditsUsed: Number(totals?.credits ?? 0),
    totalTokens,
    averageTokensPerMessage: messageCount === 0 ? 0 : Math.round(totalTokens / messageCount),
    daily: days.map((date) => ({
      date,
      creditsUsed: Number(byDay.get(date)?.credits ?? 0),
      messages: Number(byDay.get(date)?.messages ?? 0),
      apiMessages: Number(apiByDay.get(date)?.requests ?? 0),
      apiCredits: Number(apiByDay.get(date)?.credits ?? 0),
    })),
    ...(thisPeriod && { thisPeriod }),
  };
}
