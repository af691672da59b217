import { randomUUID } from 'node:crypto';
import { setTimeout as yieldToEventLoop } from 'node:timers/promises';
import {
  type ChatStreamDone,
  type ChatStreamError,
  chatCreditsLowV1,
  chatCreditsSpentV1,
  creditsForTokens,
  estimateTokens,
  insufficientCreditsText,
  replyCharge,
  replyTokenBound,
  type ReplyStopReason,
  sendEstimate,
  type SubscriptionTier,
  textWithinTokens,
} from '@agentdock/contracts';
import type { Db, ServiceContext } from '@agentdock/service-data';
import { and, desc, eq, isNull, sql } from '@agentdock/service-data/orm';
import { type ChatSchema, chatMessages, chatWallets } from '../db/schema';
import { type ChatProvider, failureApology, type ProviderReply } from '../providers/provider';
import { agentForUser, producesImages } from './agents';
import { conversationSlot, hideFrom, toConversation } from './conversations';
import { isLowBalance } from './credits';
import { ApiCallLimitError, InsufficientCreditsError } from './errors';
import { toChatMessage } from './history';
import { lockWallet, releaseReservation, reserveCredits, settleReservation } from './ledger';
import { ensureWallet } from './wallet';

/** How many earlier messages go to the provider as context. */
const HISTORY_CONTEXT = 10;

/** The longest reply the operator allows: one figure for all agents, or one per agent key. */
export interface ReplyLimits {
  maxReplyTokens: number;
  perAgent: Record<string, number>;
}

export interface SendDeps {
  context: ServiceContext<ChatSchema>;
  provider: ChatProvider;
  lowBalanceRatio: number;
  replyLimits: ReplyLimits;
}

export interface SendInput {
  userId: string;
  tier: SubscriptionTier;
  agentId: string;
  message: string;
  conversationId?: string;
  newConversation?: boolean;
  /** Edit and resend / regenerate: this user message and the rest of the conversation after it are hidden. */
  editOf?: string;
  /** The request's id: in the log lines of a failure and in the apology the user sees. */
  requestId?: string;
  signal: AbortSignal;
  onWaiting(): void;
  onToken(text: string): void;
}

export type SendResult = { ok: true; done: ChatStreamDone } | { ok: false; error: ChatStreamError };

/**
 * Checks and reserves (throws the 4xx errors before anything streams). The reservation is the
 * message plus as many reply tokens as the balance left after it pays for, up to the agent's
 * maximum reply length: the reply can never cost more than was set aside.
 */
export async function prepareSend(deps: SendDeps, input: Omit<SendInput, 'signal' | 'onWaiting' | 'onToken'>) {
  const { context } = deps;
  const agent = await agentForUser(context.db, input.agentId, input.tier);
  await ensureWallet(context.db, input.userId, input.tier);
  const estimate = sendEstimate(input.message);
  const replyId = randomUUID();
  const maxReplyTokens = deps.replyLimits.perAgent[agent.key] ?? deps.replyLimits.maxReplyTokens;
  const reserved = await context.db.transaction(async (tx) => {
    const locked = await lockWallet(tx, input.userId);
    const balance = locked.creditsRemaining + locked.purchasedCredits;
    if (locked.apiCallsUsed >= locked.apiCallsLimit) throw new ApiCallLimitError(locked.apiCallsLimit);
    if (estimate.credits > balance) throw new InsufficientCreditsError(insufficientCreditsText(estimate.credits, balance));
    const replyBound = replyTokenBound({ balance, messageTokens: estimate.messageTokens, maxReplyTokens });
    const outcome = await reserveCredits(tx, locked, creditsForTokens(estimate.messageTokens + replyBound), replyId);
    if (!outcome.ok) {
      if (outcome.reason === 'calls') throw new ApiCallLimitError(outcome.wallet.apiCallsLimit);
      throw new InsufficientCreditsError(insufficientCreditsText(estimate.credits, balance));
    }
    const { conversation, order } = await conversationSlot(tx, { ...input, agentId: agent.id });
    if (input.editOf) await hideFrom(tx, conversation, input.editOf);
    const slot = { sessionId: conversation.id, order };
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
    return { reservation: outcome.reservation, replyBound, userMessage: userMessage!, slot, conversation };
  });
  return { agent, replyId, estimate, ...reserved };
}

type Prepared = Awaited<ReturnType<typeof prepareSend>>;

/** A reply as delivered: the text the reader got, why it ended early (if it did), the provider's count. */
interface Delivered {
  text: string;
  usage: ProviderReply['usage'];
  imageUrl: string | null;
  stopReason: ReplyStopReason | null;
}

/**
 * Calls the provider and settles. The stream is cut where the reply would cost more than the
 * reservation ("Reply stopped: you are out of credits"); a reply the user stops or leaves is
 * charged for what was generated up to then; a failed one gives the reservation back in full.
 */
export async function completeSend(deps: SendDeps, input: SendInput, prepared: Prepared): Promise<SendResult> {
  const { context, provider } = deps;
  const history = await recentHistory(context.db, input.userId, prepared.slot.sessionId, prepared.slot.order);
  const bound = prepared.replyBound;
  const cutOff = new AbortController();
  const signal = AbortSignal.any([input.signal, cutOff.signal]);
  let streamed = '';
  const onToken = (piece: string) => {
    if (cutOff.signal.aborted) return;
    const wanted = streamed + piece;
    const allowed = textWithinTokens(wanted, bound);
    const part = allowed.slice(streamed.length);
    if (part) {
      streamed = allowed;
      input.onToken(part);
    }
    if (allowed.length < wanted.length) cutOff.abort();
  };
  let delivered: Delivered;
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
      signal,
      maxTokens: bound,
      onToken,
      onWaiting: input.onWaiting,
    });
    delivered = cutOff.signal.aborted
      ? { text: streamed, usage: null, imageUrl: reply.imageUrl, stopReason: 'out-of-credits' }
      : input.signal.aborted
        ? { text: streamed, usage: null, imageUrl: reply.imageUrl, stopReason: 'stopped' }
        : estimateTokens(reply.text) > bound
          ? // A provider that answers in one piece without streaming it is held to the same bound.
            { text: textWithinTokens(reply.text, bound), usage: null, imageUrl: reply.imageUrl, stopReason: 'out-of-credits' }
          : { text: reply.text, usage: reply.usage, imageUrl: reply.imageUrl, stopReason: null };
  } catch (error) {
    if (cutOff.signal.aborted) delivered = { text: streamed, usage: null, imageUrl: null, stopReason: 'out-of-credits' };
    else if (input.signal.aborted) delivered = { text: streamed, usage: null, imageUrl: null, stopReason: 'stopped' };
    else {
      context.logger.warn({ err: error, requestId: input.requestId, agentId: prepared.agent.id, replyId: prepared.replyId }, 'agent provider failed; reservation released');
      return { ok: false, error: await refundFailed(context, input, prepared) };
    }
  }
  // The reply's last tokens were written in this same turn of the event loop; they leave (and
  // the gateway forwards them) only once it gives the loop a turn. On PGlite the settlement's
  // queries run without ever doing so, so in the embedded default, where the gateway shares
  // this process, a reply that arrived in one burst would reach the reader only after it commits.
  await yieldToEventLoop();
  return { ok: true, done: await settle(deps, input, prepared, delivered) };
}

async function settle(deps: SendDeps, input: SendInput, prepared: Prepared, reply: Delivered): Promise<ChatStreamDone> {
  const { context } = deps;
  const cost = replyCharge({
    messageTokens: prepared.estimate.messageTokens,
    replyText: reply.text,
    reportedReplyTokens: reply.usage?.completionTokens ?? null,
    bound: prepared.replyBound,
  });
  return context.transaction(async (tx) => {
    const { charged, wallet } = await settleReservation(tx, { userId: input.userId, reservation: prepared.reservation, cost: cost.credits, messageId: prepared.replyId });
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
        platformCreditsUsed: charged,
        imageUrl: reply.imageUrl,
        isImageGeneration: producesImages(prepared.agent),
        stopReason: reply.stopReason,
      })
      .returning();
    const balanceAfter = wallet.creditsRemaining + wallet.purchasedCredits;
    await context.enqueue(tx, chatCreditsSpentV1, {
      userId: input.userId,
      agentId: prepared.agent.id,
      messageId: prepared.replyId,
      credits: charged,
      tokens: cost.tokens,
      balanceAfter,
    });
    await noteLowBalance(context, tx, wallet, deps.lowBalanceRatio);
    return {
      conversation: toConversation(prepared.conversation),
      userMessage: toChatMessage(prepared.userMessage),
      reply: toChatMessage(row!),
      creditsRemaining: wallet.creditsRemaining,
      purchasedCredits: wallet.purchasedCredits,
    };
  });
}

async function refundFailed(context: ServiceContext<ChatSchema>, input: SendInput, prepared: Prepared): Promise<ChatStreamError> {
  const apology = failureApology(input.requestId);
  return context.transaction(async (tx) => {
    // A failed reply was not the user's doing: the API call it used is given back too.
    await releaseReservation(tx, { userId: input.userId, reservation: prepared.reservation, messageId: prepared.replyId, reason: 'provider failure' });
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
    return { message: apology, reply: toChatMessage(row!), conversation: toConversation(prepared.conversation) };
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

/** The conversation's visible messages before this one: what the provider sees as context. */
async function recentHistory(db: Db<ChatSchema>, userId: string, sessionId: string, beforeOrder: number) {
  const rows = await db
    .select({ role: chatMessages.role, content: chatMessages.content, order: chatMessages.messageOrder })
    .from(chatMessages)
    .where(and(eq(chatMessages.userId, userId), eq(chatMessages.sessionId, sessionId), isNull(chatMessages.hiddenAt), sql`${chatMessages.messageOrder} < ${beforeOrder}`))
    .orderBy(desc(chatMessages.messageOrder))
    .limit(HISTORY_CONTEXT);
  return rows.reverse().map((row) => ({ role: row.role === 'assistant' ? ('assistant' as const) : ('user' as const), content: row.content }));
}
