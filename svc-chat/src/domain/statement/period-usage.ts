import type { PeriodUsage } from '@agentdock/contracts';
import type { Db } from '@agentdock/service-data';
import { and, eq, gte, sql } from '@agentdock/service-data/orm';
import { type ChatSchema, chatApiRequests, chatMessages } from '../../db/schema';
import { ownReplies } from '../own-replies';
import { walletRow } from '../wallet';

/**
 * "Used this month": the credits of the web chat's replies and of the `/v1` requests since the
 * wallet's allowance period began, apart, so that with purchases and refills they explain every
 * move of the balance (the old "Credits used" left the API out); replies a team's pool paid for
 * are not the wallet's. Undefined without a wallet.
 */
export async function periodUsageOf(db: Db<ChatSchema>, userId: string): Promise<PeriodUsage | undefined> {
  const wallet = await walletRow(db, userId);
  if (!wallet) return undefined;
  const since = wallet.periodStart;
  const [web] = await db
    .select({
      credits: sql<number>`coalesce(sum(case when ${chatMessages.refundedAt} is null then ${chatMessages.platformCreditsUsed} else 0 end), 0)::bigint`.mapWith(Number),
      replies: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(chatMessages)
    .where(and(ownReplies(userId), gte(chatMessages.createdAt, since)));
  const [api] = await db
    .select({ credits: sql<number>`coalesce(sum(${chatApiRequests.credits}), 0)::bigint`.mapWith(Number), requests: sql<number>`count(*)::int`.mapWith(Number) })
    .from(chatApiRequests)
    .where(and(eq(chatApiRequests.userId, userId), gte(chatApiRequests.createdAt, since)));
  return {
    since: since.toISOString(),
    webCredits: web?.credits ?? 0,
    webReplies: web?.replies ?? 0,
    apiCredits: api?.credits ?? 0,
    apiRequests: api?.requests ?? 0,
  };
}
