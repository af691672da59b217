import { randomUUID } from 'node:crypto';
import { type ChatStreamDone, type ChatStreamError, type ChatStreamWaiting, type ImageSize, sendEstimate, type SubscriptionTier } from '@agentdock/contracts';
import type { ServiceContext } from '@agentdock/service-data';
import { type ChatSchema, chatMessages } from '../db/schema';
import type { ChatProvider } from '../providers/provider';
import { agentReplyLimit, assertImageSizeOffered, producesImages, type ReplyLimits } from './agents';
import { advanceLeaf, branchPoint } from './branches';
import { refinedConversationTitle } from './conversation-title';
import { refineTitle, toConversation } from './conversations';
import { toChatMessage } from './history';
import { knowledgeForSend, providerPassages, replySources } from './knowledge/for-send';
import { meteredReply, type ProviderSource } from './metering/metered-reply';
import type { StopSignal } from '../stop';
import { type Reservation, reserveReply } from './metering/reserve';
import type { ChatTx } from './metering/settle';
import { type SendRecordInput, sendRecorded, sendRecording } from './send-record';
import { readForSend } from './send-reads';
import { poolMember } from './pools/members';

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
  /** Absent only for a regeneration. */
  message?: string;
  conversationId?: string;
  newConversation?: boolean;
  /** Edit: a new version of this user message (its sibling), with a new reply. */
  editOf?: string;
  /** Regenerate: a new reply beside this one, to the same user message. */
  regenerateOf?: string;
  /** For image agents: the size of the image (text agents ignore it). */
  imageSize?: ImageSize;
  /** The team whose credit pool pays (the sender must be a member; their cap there applies); absent: their own wallet. */
  workspace?: string;
  /** The request's id: in the log lines of a failure and in the apology the user sees. */
  requestId?: string;
  signal: StopSignal;
  onWaiting(): void;
  onToken(text: string): void;
}

export type SendResult = { ok: true; done: ChatStreamDone } | { ok: false; error: ChatStreamError };

/**
 * Checks and reserves (throws the 4xx errors before anything streams). The reservation is the
 * message plus as many reply tokens as the balance left after it pays for, up to the agent's
 * maximum reply length (`upToCredits`): the reply can never cost more than was set aside. A web
 * chat send does not count one of the plan's API calls (only `/v1` requests do). A new message,
 * an edit and a regeneration are one statement with their reservation (`send-record.ts`), run
 * without a transaction, and in a transaction only where that statement wrote nothing.
 */
export async function prepareSend(deps: SendDeps, input: Omit<SendInput, 'signal' | 'onWaiting' | 'onToken'>) {
  const { context } = deps;
  // A team's pool pays only for its members: anyone else is told the team does not exist, before anything is read.
  const member = input.workspace ? await poolMember(context.db, input.workspace, input.userId) : undefined;
  const pool = member ? { organisationId: member.organisationId, memberId: member.userId, seen: member } : undefined;
  const point = await branchPoint(context.db, input);
  const { agent, wallet } = await readForSend(context.db, { ...input, ...(pool && { userId: pool.organisationId, pool: true }) });
  assertImageSizeOffered(agent, input.imageSize);
  // A regeneration answers the stored message again; the request's text (if any) is not used.
  const text = point?.message ?? input.message ?? '';
  // The agent's knowledge is input the model reads: found before reserving, reserved with the message.
  const knowledge = producesImages(agent) ? undefined : await knowledgeForSend(context.db, agent.id, text);
  const estimate = sendEstimate(text);
  const replyId = randomUUID();
  const reserving = {
    // The wallet that pays; the conversation and its messages stay the sender's (`sending`).
    userId: pool?.organisationId ?? input.userId,
    replyId,
    messageTokens: estimate.messageTokens + (knowledge?.tokens ?? 0),
    retrievedTokens: knowledge?.tokens ?? 0,
    maxReplyTokens: agentReplyLimit(deps.replyLimits, agent),
    countsApiCall: false,
  };
  const sending: SendRecordInput = {
    userId: input.userId,
    agentId: agent.id,
    message: text,
    messageTokens: estimate.messageTokens,
    conversationId: point?.conversationId ?? input.conversationId,
    newConversation: point ? false : input.newConversation,
    userMessageId: randomUUID(),
    place: point?.place ?? { kind: 'continue' },
  };
  // What the send statement wrote along with the reservation.
  const prepared = (reservation: Reservation) => ({
    agent,
    replyId,
    text,
    estimate,
    knowledge,
    replyBound: reservation.replyBound,
    reservation,
    ...sendRecorded(reservation.recorded!),
  });
  // A pool's send counts against the member's cap under the member's lock, taken by the statement itself.
  const reservation = await reserveReply(context.db, { ...reserving, pool, atOnce: true, seen: wallet, recording: sendRecording(sending, { atOnce: true, pool: !!pool }) });
  // Its guard let it write only with the conversation found, so what it wrote is all there.
  if (reservation) return prepared(reservation);
  // The wallet moved since it was read, or the conversation asked for is not one the send may
  // continue: read again under the lock, and a 404 rolls the reservation back.
  return context.transaction(async (tx) => prepared(await reserveReply(tx, { ...reserving, pool, seen: wallet, recording: sendRecording(sending) })));
}

type Prepared = Awaited<ReturnType<typeof prepareSend>>;

/**
 * Calls the provider and settles through the metering every reply goes through (cut at the
 * reservation, "Reply stopped: you are out of credits"; a reply the user stops or leaves charged
 * for what was generated; a failure released in full), storing the reply, or the apology, in
 * the conversation.
 */
export async function completeSend(deps: SendDeps, input: SendInput, prepared: Prepared): Promise<SendResult> {
  const reply = {
    sessionId: prepared.slot.sessionId,
    messageOrder: prepared.slot.order + 1,
    userId: input.userId,
    agentId: prepared.agent.id,
    id: prepared.replyId,
    parentId: prepared.userMessage.id,
    // The version read before the reply started, whatever is published while it streams.
    agentVersion: prepared.agent.publishedVersion,
  };
  // The reply becomes the shown leaf unless the user switched branches while it was written.
  const shown = (tx: ChatTx) => advanceLeaf(tx, prepared.conversation.id, prepared.userMessage.id, prepared.replyId);
  return meteredReply<ChatStreamDone, ChatStreamError>(
    deps,
    prepared.reservation,
    {
      agent: prepared.agent,
      message: prepared.text,
      history: prepared.history,
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
        await shown(tx);
        // The first exchange of a new conversation names it better than the message alone.
        const conversation =
          prepared.slot.order === 0 ? await refineTitle(tx, prepared.conversation, refinedConversationTitle(prepared.text, delivered.text)) : prepared.conversation;
        return {
          conversation: toConversation(conversation),
          userMessage: toChatMessage(prepared.userMessage),
          reply: toChatMessage(row!),
          upToCredits: prepared.reservation.credits,
          creditsRemaining: wallet.creditsRemaining,
          purchasedCredits: wallet.purchasedCredits,
        };
      },
      failed: async (tx, apology) => {
        const [row] = await tx
          .insert(chatMessages)
          .values({ ...reply, role: 'assistant', content: apology, realTokensUsed: 0, platformCreditsUsed: 0 })
          .returning();
        await shown(tx);
        return { message: apology, reply: toChatMessage(row!), conversation: toConversation(prepared.conversation) };
      },
    },
  );
}

/** The stream's first event: the conversation as the send left it (a new one is listed from now on), the message answered and what was set aside. */
export function sendStarted(prepared: Prepared): ChatStreamWaiting {
  return { status: 'waiting', conversation: toConversation(prepared.conversation), userMessage: toChatMessage(prepared.userMessage), upToCredits: prepared.reservation.credits };
}
