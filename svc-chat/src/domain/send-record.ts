import { conversationTitleFrom } from '@agentdock/contracts';
import { prefixedColumns, rawRowReader } from '@agentdock/service-data';
import { sql } from '@agentdock/service-data/orm';
import { z } from 'zod';
import { chatConversations, chatMessages } from '../db/schema';
import { ConversationNotFoundError } from './conversations';
import { HISTORY_CONTEXT } from './history';
import { bookedColumns, bookedStep, type Recording, reservationRecording } from './ledger';

/**
 * A web chat send's own writes, made by its reservation's statement, the one implementation for
 * a new message, an edit and a regeneration alike: the conversation's next two message orders
 * taken (the latest conversation with the agent, the one asked for, or a new one titled from the
 * message), the user's message stored under its parent (the shown leaf for a new message, the
 * edited message's parent for an edit; a regeneration answers a stored message and adds none),
 * the conversation's shown leaf moved to it, and the branch before it read as the provider's
 * context. On the embedded database each statement costs about as much as the work in it, so the
 * send's path to the provider is one statement.
 */

const value = (name: string) => sql.placeholder(name);
const conversationId = sql`${value('conversationId')}::uuid`;
const userMessageId = sql`${value('userMessageId')}::uuid`;
const insertsMessage = sql`${value('insertsMessage')}::boolean`;
/** The user's live conversations with the agent: the ones a send may continue. */
const continuable = sql`user_id = ${value('userId')}::uuid and deleted_at is null and agent_id = ${value('agentId')}`;
/** Only where the reservation was made does the send write. */
const reserved = sql`exists (select 1 from ${bookedStep})`;

const sendParts = {
  ctes: sql`
  target as (
    select id, leaf_id from chat_conversations
    where ${continuable}
      and case when ${conversationId} is null then not ${value('newConversation')}::boolean else id = ${conversationId} end
    order by updated_at desc, created_at desc
    limit 1
  ), advanced as (
    update chat_conversations set next_order = next_order + 2, updated_at = ${value('at')}::timestamptz, leaf_id = ${userMessageId}
    where id = (select id from target) and ${reserved}
    returning *
  ), created as (
    insert into chat_conversations (user_id, agent_id, title, next_order, leaf_id)
    select ${value('userId')}::uuid, ${value('agentId')}, ${value('title')}, 2, ${userMessageId}
    where ${reserved} and not exists (select 1 from target) and ${conversationId} is null
    returning *
  ), slot as (
    select * from advanced union all select * from created
  ), inserted as (
    insert into chat_messages (id, user_id, agent_id, role, content, session_id, message_order, real_tokens_used, parent_id)
    select ${userMessageId}, slot.user_id, slot.agent_id, 'user', ${value('content')}, slot.id::text, slot.next_order - 2, ${value('messageTokens')}::integer,
      case when ${value('fromLeaf')}::boolean then (select leaf_id from target) else ${value('parentId')}::uuid end
    from slot where ${insertsMessage}
    returning *
  ), message as (
    select * from inserted
    union all
    select * from chat_messages
    where not ${insertsMessage} and id = ${userMessageId} and user_id = ${value('userId')}::uuid and session_id = (select id::text from slot)
  ), branch as (
    select id, parent_id, role, content, 1 as depth from chat_messages
    where id = (select parent_id from message) and user_id = ${value('userId')}::uuid
    union all
    select earlier.id, earlier.parent_id, earlier.role, earlier.content, branch.depth + 1
    from chat_messages as earlier join branch on earlier.id = branch.parent_id
    where branch.depth < ${HISTORY_CONTEXT}
  )`,
  select: sql`
  select ${bookedColumns}, ${prefixedColumns(chatConversations, 'slot', 'conversation.')}, ${prefixedColumns(chatMessages, 'message', 'message.')},
    (select next_order - 2 from slot) as slot_order,
    (select coalesce(json_agg(json_build_object('role', branch.role, 'content', branch.content) order by branch.depth desc), '[]'::json) from branch) as history
  from ${bookedStep} left join slot on true left join message on true`,
};

const sendStatement = reservationRecording('chat_send', sendParts);

/**
 * The same, reserving only where the conversation asked for is one the send may continue: with
 * nothing written on a refusal, it runs without a transaction (on the embedded database BEGIN
 * and COMMIT each cost a round trip of their own).
 */
const sendAtOnceGuard = sql`${conversationId} is null or exists (select 1 from chat_conversations where ${continuable} and id = ${conversationId})`;
const sendAtOnceStatement = reservationRecording('chat_send_at_once', { ...sendParts, guard: sendAtOnceGuard });
/** The same from a team's pool, the member's cap checked and counted in it. */
const poolSendAtOnceStatement = reservationRecording('chat_pool_send_at_once', { ...sendParts, guard: sendAtOnceGuard, countsMember: true });

/** Where in the conversation's tree a send goes. */
export type SendPlace =
  /** A new message after the shown leaf. */
  | { kind: 'continue' }
  /** A new version of a user message: under the same parent. */
  | { kind: 'edit'; parentId: string | null }
  /** A new reply to a stored user message. */
  | { kind: 'regenerate'; userMessageId: string };

export interface SendRecordInput {
  userId: string;
  agentId: string;
  message: string;
  messageTokens: number;
  conversationId?: string;
  newConversation?: boolean;
  /** The id the new user message gets. */
  userMessageId: string;
  place: SendPlace;
}

/**
 * The values the send statement writes with its reservation. `atOnce`: the statement that writes
 * nothing at all where it cannot write everything, for use outside a transaction; with `pool`, the
 * one that also checks and counts the team member's cap.
 */
export function sendRecording(input: SendRecordInput, { atOnce = false, pool = false, at = new Date() } = {}): Recording {
  const { place } = input;
  return {
    statement: atOnce ? (pool ? poolSendAtOnceStatement : sendAtOnceStatement) : sendStatement,
    values: {
      at: at.toISOString(),
      // The sender, whose conversation it is, whatever wallet pays (their own, or a team's pool).
      userId: input.userId,
      agentId: input.agentId,
      conversationId: input.conversationId ?? null,
      newConversation: input.newConversation ?? false,
      title: conversationTitleFrom(input.message),
      content: input.message,
      messageTokens: input.messageTokens,
      userMessageId: place.kind === 'regenerate' ? place.userMessageId : input.userMessageId,
      insertsMessage: place.kind !== 'regenerate',
      fromLeaf: place.kind === 'continue',
      parentId: place.kind === 'edit' ? place.parentId : null,
    },
  };
}

const conversationFromRaw = rawRowReader(chatConversations, 'conversation.');
const messageFromRaw = rawRowReader(chatMessages, 'message.');
const historyRows = z.array(z.object({ role: z.string(), content: z.string() }));

/**
 * What the send statement wrote: the conversation, its slot, the user's message and the history
 * the provider gets. A conversation asked for that is not the user's live one with this agent
 * wrote nothing but the reservation: a 404, whose throw rolls the reservation back.
 */
export function sendRecorded(raw: Record<string, unknown>) {
  const conversation = conversationFromRaw(raw);
  const userMessage = messageFromRaw(raw);
  if (!conversation || !userMessage) throw new ConversationNotFoundError();
  const history = historyRows.parse(typeof raw.history === 'string' ? JSON.parse(raw.history) : raw.history);
  return {
    conversation,
    userMessage,
    slot: { sessionId: conversation.id, order: Number(raw.slot_order) },
    history: history.map((row) => ({ role: row.role === 'assistant' ? ('assistant' as const) : ('user' as const), content: row.content })),
  };
}
