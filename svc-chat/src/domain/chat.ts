import { randomUUID } from 'node:crypto';
import { setTimeout as yieldToEventLoop } from 'node:timers/promises';
import { type ChatStreamDone, type ChatStreamError, chatCreditsLowV1, chatCreditsSpentV1, type SubscriptionTier } from '@agentdock/contracts';
import type { Db, ServiceContext } from '@agentdock/service-data';
import { and, desc, eq, sql } from '@agentdock/service-data/orm';
import { type ChatSchema, chatMessages, chatSessions, chatWallets } from '../db/schema';
import { apologyText, type ChatProvider, ProviderError } from '../providers/provider';
import { agentForUser, producesImages } from './agents';
import { estimateSendCost, insufficientCreditsText, isLowBalance, settledCost } from './credits';
import { ApiCallLimitError, InsufficientCreditsError } from './errors';
import { toChatMessage } from './history';
import { credit, debitUpTo, ensureWallet, recordLedger, type Reservation, reserve } from './wallet';

/** How many earlier messages go to the provider as context. */
const HISTORY_CONTEXT = 10;

export interface SendDeps {
  context: ServiceContext<ChatSchema>;
  provider: ChatProvider;
  lowBalanceRatio: number;
}

export interface SendInput {
  userId: string;
  tier: SubscriptionTier;
  agentId: string;
  message: string;
  signal: AbortSignal;
  onWaiting(): void;
  onToken(text: string): void;
}

export type SendResult = { ok: true; done: ChatStreamDone } | { ok: false; error: ChatStreamError };

/**
 * Checks and reserves (throws the 4xx errors before anything streams), then calls the provider
 * and settles to the real usage, or refunds the reservation in full when the provider fails.
 */
export async function prepareSend(deps: SendDeps, input: Omit<SendInput, 'signal' | 'onWaiting' | 'onToken'>) {
  const { context } = deps;
  const agent = await agentForUser(context.db, input.agentId, input.tier);
  await ensureWallet(context.db, input.userId, input.tier);
  const estimate = estimateSendCost(input.message);
  const replyId = randomUUID();
  const reserved = await context.db.transaction(async (tx) => {
    const outcome = await reserve(tx, input.userId, estimate.credits);
    if (!outcome.ok) {
      if (outcome.reason === 'calls') throw new ApiCallLimitError(outcome.wallet.apiCallsLimit);
      throw new InsufficientCreditsError(insufficientCreditsText(estimate.credits, outcome.wallet.creditsRemaining + outcome.wallet.purchasedCredits));
    }
    await recordLedger(tx, { userId: input.userId, kind: 'reservation', plan: -outcome.reservation.plan, purchased: -outcome.reservation.purchased, messageId: replyId });
    const slot = await nextSlot(tx, input.userId, agent.id);
    const [userMessage] = await tx
      .insert(chatMessages)
      .values({
        userId: input.userId,
        agentId: agent.id,
        role: 'user',
        content: input.message,
        sessionId: slot.sessionId,
        messageOrder: slot.order,
        realTokensUsed: estimate.messageTokens,
      })
      .returning();
    return { reservation: outcome.reservation, userMessage: userMessage!, slot };
  });
  return { agent, replyId, estimate, ...reserved };
}

type Prepared = Awaited<ReturnType<typeof prepareSend>>;

export async function completeSend(deps: SendDeps, input: SendInput, prepared: Prepared): Promise<SendResult> {
  const { context, provider } = deps;
  const history = await recentHistory(context.db, input.userId, prepared.agent.id, prepared.userMessage.messageOrder);
  try {
    const reply = await provider.reply({
      agent: {
        key: prepared.agent.key,
        name: prepared.agent.name,
        description: prepared.agent.description,
        providerAgentId: prepared.agent.providerAgentId,
        producesImages: producesImages(prepared.agent),
      },
      message: input.message,
      history,
      signal: input.signal,
      onToken: input.onToken,
      onWaiting: input.onWaiting,
    });
    // The reply's last tokens were written in this same turn of the event loop; they leave (and
    // the gateway forwards them) only once it gives the loop a turn. On PGlite the settlement's
    // queries run without ever doing so, so in the embedded default, where the gateway shares
    // this process, a reply that arrived in one burst would reach the reader only after it commits.
    await yieldToEventLoop();
    return { ok: true, done: await settle(deps, input, prepared, reply) };
  } catch (error) {
    const message = error instanceof ProviderError ? error.message : 'the reply could not be completed';
    if (!(error instanceof ProviderError)) context.logger.error({ err: error }, 'chat send failed');
    return { ok: false, error: await refundFailed(context, input, prepared, apologyText(message)) };
  }
}

async function settle(
  deps: SendDeps,
  input: SendInput,
  prepared: Prepared,
  reply: { text: string; usage: { promptTokens: number; completionTokens: number } | null; imageUrl: string | null },
): Promise<ChatStreamDone> {
  const { context } = deps;
  const cost = settledCost(input.message, reply.text, reply.usage);
  const reserved = prepared.reservation.plan + prepared.reservation.purchased;
  return context.transaction(async (tx) => {
    const charged = await adjustToCost(tx, input.userId, prepared.reservation, cost.credits);
    await recordLedger(tx, {
      userId: input.userId,
      kind: 'settlement',
      plan: charged.planDelta,
      purchased: charged.purchasedDelta,
      messageId: prepared.replyId,
      reason: `reserved ${reserved}, cost ${cost.credits}`,
    });
    const credits = reserved - charged.planDelta - charged.purchasedDelta;
    const [row] = await tx
      .insert(chatMessages)
      .values({
        id: prepared.replyId,
        userId: input.userId,
        agentId: prepared.agent.id,
        role: 'assistant',
        content: reply.text,
        sessionId: prepared.slot.sessionId,
        messageOrder: prepared.slot.order + 1,
        realTokensUsed: cost.tokens,
        platformCreditsUsed: credits,
        imageUrl: reply.imageUrl,
        isImageGeneration: producesImages(prepared.agent),
      })
      .returning();
    const wallet = charged.wallet;
    const balanceAfter = wallet.creditsRemaining + wallet.purchasedCredits;
    await context.enqueue(tx, chatCreditsSpentV1, { userId: input.userId, agentId: prepared.agent.id, messageId: prepared.replyId, credits, tokens: cost.tokens, balanceAfter });
    await noteLowBalance(context, tx, wallet, deps.lowBalanceRatio);
    return { userMessage: toChatMessage(prepared.userMessage), reply: toChatMessage(row!), creditsRemaining: wallet.creditsRemaining, purchasedCredits: wallet.purchasedCredits };
  });
}

/**
 * Brings the reservation to the real cost: gives back what was over-reserved (to the buckets it
 * came from, purchased first since plan credits are spent first), or takes what the reply cost
 * beyond it, never more than is left. Returns the change from the reservation.
 */
async function adjustToCost(tx: Db<ChatSchema>, userId: string, reservation: Reservation, cost: number) {
  const reserved = reservation.plan + reservation.purchased;
  if (cost <= reserved) {
    const back = reserved - cost;
    const purchasedBack = Math.min(back, reservation.purchased);
    const wallet = await credit(tx, userId, back - purchasedBack, purchasedBack);
    return { planDelta: back - purchasedBack, purchasedDelta: purchasedBack, wallet };
  }
  const taken = await debitUpTo(tx, userId, cost - reserved);
  return { planDelta: -taken.plan, purchasedDelta: -taken.purchased, wallet: taken.wallet };
}

async function refundFailed(context: ServiceContext<ChatSchema>, input: SendInput, prepared: Prepared, apology: string): Promise<ChatStreamError> {
  return context.transaction(async (tx) => {
    const { plan, purchased } = prepared.reservation;
    await credit(tx, input.userId, plan, purchased);
    // A failed reply was not the user's doing: the API call it used is given back too.
    await tx
      .update(chatWallets)
      .set({ apiCallsUsed: sql`greatest(${chatWallets.apiCallsUsed} - 1, 0)` })
      .where(eq(chatWallets.userId, input.userId));
    await recordLedger(tx, { userId: input.userId, kind: 'refund', plan, purchased, messageId: prepared.replyId, reason: 'provider failure' });
    const [row] = await tx
      .insert(chatMessages)
      .values({
        id: prepared.replyId,
        userId: input.userId,
        agentId: prepared.agent.id,
        role: 'assistant',
        content: apology,
        sessionId: prepared.slot.sessionId,
        messageOrder: prepared.slot.order + 1,
        realTokensUsed: 0,
        platformCreditsUsed: 0,
      })
      .returning();
    return { message: apology, reply: toChatMessage(row!) };
  });
}

/** One low-balance event per period, when the plan credits fall below the threshold. */
async function noteLowBalance(context: ServiceContext<ChatSchema>, tx: Db<ChatSchema>, wallet: typeof chatWallets.$inferSelect, ratio: number): Promise<void> {
  if (!isLowBalance(wallet.creditsRemaining, wallet.creditsLimit, ratio)) return;
  if (wallet.lowBalanceNotifiedFor?.getTime() === wallet.periodStart.getTime()) return;
  const claimed = await tx
    .update(chatWallets)
    .set({ lowBalanceNotifiedFor: wallet.periodStart })
    .where(and(eq(chatWallets.userId, wallet.userId), sql`${chatWallets.lowBalanceNotifiedFor} is distinct from ${wallet.periodStart}`))
    .returning({ userId: chatWallets.userId });
  if (claimed.length === 0) return;
  await context.enqueue(tx, chatCreditsLowV1, {
    userId: wallet.userId,
    balance: wallet.creditsRemaining,
    limit: wallet.creditsLimit,
    periodStart: wallet.periodStart.toISOString(),
    renewsAt: wallet.renewsAt.toISOString(),
  });
}

/** Two order numbers (the message and its reply) and the session of this user's chat with the agent. */
async function nextSlot(tx: Db<ChatSchema>, userId: string, agentId: string): Promise<{ sessionId: string; order: number }> {
  const [row] = await tx
    .insert(chatSessions)
    .values({ userId, agentId, nextOrder: 2 })
    .onConflictDoUpdate({ target: [chatSessions.userId, chatSessions.agentId], set: { nextOrder: sql`${chatSessions.nextOrder} + 2` } })
    .returning();
  return { sessionId: row!.sessionId, order: row!.nextOrder - 2 };
}

async function recentHistory(db: Db<ChatSchema>, userId: string, agentId: string, beforeOrder: number) {
  const rows = await db
    .select({ role: chatMessages.role, content: chatMessages.content, order: chatMessages.messageOrder })
    .from(chatMessages)
    .where(and(eq(chatMessages.userId, userId), eq(chatMessages.agentId, agentId), sql`${chatMessages.messageOrder} < ${beforeOrder}`))
    .orderBy(desc(chatMessages.messageOrder))
    .limit(HISTORY_CONTEXT);
  return rows.reverse().map((row) => ({ role: row.role === 'assistant' ? ('assistant' as const) : ('user' as const), content: row.content }));
}
