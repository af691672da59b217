import { conversationTitleFrom } from '@agentdock/contracts';
import { prefixedColumns, rawRowReader } from '@agentdock/service-data';
import { sql } from '@agentdock/service-data/orm';
import { z } from 'zod';
import { chatConversations, chatMessages } from '../db/schema';
import { ConversationNotFoundError } from './conversations';
import { HISTORY_CONTEXT } from './history';
import { bookedColumns, type Recording, reservationRecording } from './ledger';

/**
 * A web chat send's own writes, made by its reservation's statement: the conversation's next two
 * message orders taken (the latest conversation with the agent, the one asked for, or a new one
 * titled from the message), the user's message stored, and the history before it read. On the
 * embedded database each statement costs about as much as the work in it, so the send's path to
 * the provider is one statement instead of five. `conversationSlot` does the same in separate
 * statements for an edit, which hides messages first.
 */

const value = (name: string) => sql.placeholder(name);
const conversationId = sql`${value('conversationId')}::uuid`;
/** The user's live conversations with the agent: the ones a send may continue. */
const continuable = sql`user_id = ${value('userId')}::uuid and deleted_at is null and agent_id = ${value('agentId')}`;

const sendParts = {
  ctes: sql`
  target as (
    select id from chat_conversations
    where ${continuable}
      and case when ${conversationId} is null then not ${value('newConversation')}::boolean else id = ${conversationId} end
    order by updated_at desc, created_at desc
    limit 1
  ), advanced as (
    update chat_conversations set next_order = next_order + 2, updated_at = ${value('at')}::timestamptz
    where id = (select id from target) and exists (select 1 from booked)
    returning *
  ), created as (
    insert into chat_conversations (user_id, agent_id, title, next_order)
    select ${value('userId')}::uuid, ${value('agentId')}, ${value('title')}, 2
    where exists (select 1 from booked) and not exists (select 1 from target) and ${conversationId} is null
    returning *
  ), slot as (
    select * from advanced union all select * from created
  ), message as (
    insert into chat_messages (user_id, agent_id, role, content, session_id, message_order, real_tokens_used)
    select slot.user_id, slot.agent_id, 'user', ${value('content')}, slot.id::text, slot.next_order - 2, ${value('messageTokens')}::integer from slot
    returning *
  )`,
  select: sql`
  select ${bookedColumns}, ${prefixedColumns(chatConversations, 'slot', 'conversation.')}, ${prefixedColumns(chatMessages, 'message', 'message.')},
    (select coalesce(json_agg(json_build_object('role', earlier.role, 'content', earlier.content) order by earlier.message_order), '[]'::json)
     from (
       select role, content, message_order from chat_messages
       where user_id = ${value('userId')}::uuid and session_id = (select id::text from slot) and hidden_at is null
         and message_order < (select next_order - 2 from slot)
       order by message_order desc
       limit ${HISTORY_CONTEXT}
     ) as earlier) as history
  from booked left join slot on true left join message on true`,
};

const sendStatement = reservationRecording('chat_send', sendParts);

/**
 * The same, reserving only where the conversation asked for is one the send may continue: with
 * nothing written on a refusal, it runs without a transaction (on the embedded database BEGIN
 * and COMMIT each cost a round trip of their own).
 */
const sendAtOnceStatement = reservationRecording('chat_send_at_once', {
  ...sendParts,
  guard: sql`${conversationId} is null or exists (select 1 from chat_conversations where ${continuable} and id = ${conversationId})`,
});

export interface SendRecordInput {
  userId: string;
  agentId: string;
  message: string;
  messageTokens: number;
  conversationId?: string;
  newConversation?: boolean;
}

/**
 * The values the send statement writes with its reservation. `atOnce`: the statement that writes
 * nothing at all where it cannot write everything, for use outside a transaction.
 */
export function sendRecording(input: SendRecordInput, { atOnce = false, at = new Date() } = {}): Recording {
  return {
    statement: atOnce ? sendAtOnceStatement : sendStatement,
    values: {
      at: at.toISOString(),
      agentId: input.agentId,
      conversationId: input.conversationId ?? null,
      newConversation: input.newConversation ?? false,
      title: conversationTitleFrom(input.message),
      content: input.message,
      messageTokens: input.messageTokens,
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
    slot: { sessionId: conversation.id, order: userMessage.messageOrder },
    history: history.map((row) => ({ role: row.role === 'assistant' ? ('assistant' as const) : ('user' as const), content: row.content })),
  };
}
