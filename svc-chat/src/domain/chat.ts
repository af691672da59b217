import { randomUUID } from 'node:crypto';
import { type ChatStreamDone, type ChatStreamError, type ImageSize, sendEstimate, type SubscriptionTier } from '@agentdock/contracts';
import { type Db, preparedPerHandle, type ServiceContext } from '@agentdock/service-data';
import { and, desc, eq, isNull, sql } from '@agentdock/service-data/orm';
import { type ChatSchema, chatMessages } from '../db/schema';
import type { ChatProvider } from '../providers/provider';
import { type AgentRecord, producesImages } from './agents';
import { conversationSlot, hideFrom, toConversation } from './conversations';
import { HISTORY_CONTEXT, toChatMessage } from './history';
import { sendRecorded, sendRecording } from './send-record';
import type { Recording } from './ledger';
import { meteredReply, type ProviderSource } from './metering/metered-reply';
import { type Reservation, reserveReply } from './metering/reserve';
import { readForSend } from './send-reads';
import { knowledgeForSend, providerPassages, replySources } from './knowledge/for-send';

/** The longest reply the operator allows: one figure for all agents, or one per agent key. */
export interface ReplyLimits {
  maxReplyTokens: number;
  perAgent: Record<string, number>;
}

/** The longest reply an agent may give: its live version's limit, else the operator's for it, else the operator's for all. */
export function agentReplyLimit(limits: ReplyLimits, agent: Pick<AgentRecord, 'key' | 'behaviour'>): number {
  return agent.behaviour?.maxReplyTokens ?? limits.perAgent[agent.key] ?? limits.maxReplyTokens;
}

export interface SendDeps {
  context: ServiceContext<ChatSchema>;
  provider: ChatProvider;
  connections?: ProviderSource;
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
  /** For image agents: the size of the image (text agents ignore it). */
  imageSize?: ImageSize;
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
 * maximum reply length: the reply can never cost more than was set aside. A web chat send does
 * not count one of the plan's API calls (only `/v1` requests do). A send that is not an edit
 * reserves and writes in one statement without a transaction, and in a transaction only where
 * that statement wrote nothing.
 */
export async function prepareSend(deps: SendDeps, input: Omit<SendInput, 'signal' | 'onWaiting' | 'onToken'>) {
  const { context } = deps;
  const { agent, wallet } = await readForSend(context.db, input);
  // The agent's knowledge is input the model reads: found before reserving, reserved with the message.
  const knowledge = producesImages(agent) ? undefined : await knowledgeForSend(context.db, agent.id, input.message);
  const estimate = sendEstimate(input.message);
  const replyId = randomUUID();
  const reserving = {
    userId: input.userId,
    replyId,
    messageTokens: estimate.messageTokens + (knowledge?.tokens ?? 0),
    maxReplyTokens: agentReplyLimit(deps.replyLimits, agent),
    countsApiCall: false,
  };
  const sending = { ...input, agentId: agent.id, messageTokens: estimate.messageTokens };
  const prepared = <T extends { reservation: Reservation }>(reserved: T) => ({ agent, replyId, estimate, knowledge, replyBound: reserved.reservation.replyBound, ...reserved });
  // What the send statement wrote along with the reservation.
  const recorded = (reservation: Reservation) => ({ reservation, ...sendRecorded(reservation.recorded!) });
  if (!input.editOf) {
    const reservation = await reserveReply(context.db, { ...reserving, atOnce: true, seen: wallet, recording: sendRecording(sending, { atOnce: true }) });
    // Its guard let it write only with the conversation found, so what it wrote is all there.
    if (reservation) return prepared(recorded(reservation));
  }
  const reserved = await context.transaction(async (tx) => {
    const reserve = (recording?: Recording) => reserveReply(tx, { ...reserving, seen: wallet, recording });
    if (!input.editOf) {
      // The wallet moved since it was read, or the conversation asked for is not one the send may
      // continue: read again under the lock, and a 404 rolls the reservation back.
      return recorded(await reserve(sendRecording(sending)));
    }
    const reservation = await reserve();
    const { conversation, order } = await conversationSlot(tx, { ...input, agentId: agent.id });
    await hideFrom(tx, conversation, input.editOf);
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
    return { reservation, userMessage: userMessage!, slot, conversation, history: undefined };
  });
  return prepared(reserved);
}

type Prepared = Awaited<ReturnType<typeof prepareSend>>;

/**
 * Calls the provider and settles through the metering every reply goes through (cut at the
 * reservation, "Reply stopped: you are out of credits"; a reply the user stops or leaves charged
 * for what was generated; a failure released in full), storing the reply, or the apology, in
 * the conversation.
 */
export async function completeSend(deps: SendDeps, input: SendInput, prepared: Prepared): Promise<SendResult> {
  const history = prepared.history ?? (await recentHistory(deps.context.db, input.userId, prepared.slot.sessionId, prepared.slot.order));
  const reply = { sessionId: prepared.slot.sessionId, messageOrder: prepared.slot.order + 1, userId: input.userId, agentId: prepared.agent.id, id: prepared.replyId };
  return meteredReply<ChatStreamDone, ChatStreamError>(
    deps,
    prepared.reservation,
    {
      agent: prepared.agent,
      message: input.message,
      history,
      ...(prepared.knowledge?.passages.length ? { passages: providerPassages(prepared.knowledge) } : {}),
      ...(input.imageSize && producesImages(prepared.agent) ? { imageSize: input.imageSize } : {}),
      requestId: input.requestId,
      signal: input.signal,
      onWaiting: input.onWaiting,
      onToken: input.onToken,
    },
    {
      settled: async (tx, { delivered, cost, charged, wallet }) => {
        const [row] = await tx
          .insert(chatMessages)
          .values({
            ...reply,
            role: 'assistant',
            content: delivered.text,
            realTokensUsed: cost.tokens,
            platformCreditsUsed: charged,
            imageUrl: delivered.imageUrl,
            isImageGeneration: producesImages(prepared.agent),
            stopReason: delivered.stopReason,
            sources: prepared.knowledge ? replySources(prepared.knowledge) : null,
          })
          .returning();
        return {
          conversation: toConversation(prepared.conversation),
          userMessage: toChatMessage(prepared.userMessage),
          reply: toChatMessage(row!),
          creditsRemaining: wallet.creditsRemaining,
          purchasedCredits: wallet.purchasedCredits,
        };
      },
      failed: async (tx, apology) => {
        const [row] = await tx
          .insert(chatMessages)
          .values({ ...reply, role: 'assistant', content: apology, realTokensUsed: 0, platformCreditsUsed: 0 })
          .returning();
        return { message: apology, reply: toChatMessage(row!), conversation: toConversation(prepared.conversation) };
      },
    },
  );
}

const historyBefore = preparedPerHandle((db: Db<ChatSchema>) =>
  db
    .select({ role: chatMessages.role, content: chatMessages.content, order: chatMessages.messageOrder })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.userId, sql.placeholder('userId')),
        eq(chatMessages.sessionId, sql.placeholder('sessionId')),
        isNull(chatMessages.hiddenAt),
        sql`${chatMessages.messageOrder} < ${sql.placeholder('beforeOrder')}`,
      ),
    )
    .orderBy(desc(chatMessages.messageOrder))
    .limit(HISTORY_CONTEXT)
    .prepare('chat_history_before'),
);

/** The conversation's visible messages before this one: what the provider sees as context. */
async function recentHistory(db: Db<ChatSchema>, userId: string, sessionId: string, beforeOrder: number) {
  const rows = await historyBefore(db).execute({ userId, sessionId, beforeOrder });
  return rows.reverse().map((row) => ({ role: row.role === 'assistant' ? ('assistant' as const) : ('user' as const), content: row.content }));
}
