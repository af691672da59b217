import type { ChatMessage } from '@agentdock/contracts';
import { type Db, namedStatement, prefixedColumns, rawRowReader } from '@agentdock/service-data';
import { NotFoundError } from '@agentdock/service-kit';
import { and, eq, sql } from '@agentdock/service-data/orm';
import { z } from 'zod';
import { type ChatSchema, chatConversations, chatMessages } from '../db/schema';
import { toChatMessage } from './history';
import type { SendPlace } from './send-record';

/**
 * A conversation is a tree of messages: siblings are the versions of one turn (the edits of a user
 * message, the regenerated replies to one), and the conversation shows one branch, from the root
 * to its `leaf_id`. Nothing leaves the tree; messages hidden by edits made before branching
 * (`hidden_at`) are in no branch.
 */

type ConversationRow = typeof chatConversations.$inferSelect;

export class MessageNotFoundError extends NotFoundError {
  constructor() {
    super(undefined, { code: 'message_not_found' });
  }
}

/** The most messages a conversation shows (the latest of its branch). */
const PATH_LIMIT = 200;

const value = (name: string) => sql.placeholder(name);
const user = sql`${value('userId')}::uuid`;

// The branch from the shown leaf up, with each message's siblings (its parent's visible children).
const shownPathStatement = namedStatement(
  'chat_shown_path',
  sql`with recursive path as (
    select message.*, 1 as depth from chat_messages as message
    where message.id = ${value('leafId')}::uuid and message.user_id = ${user} and message.hidden_at is null
    union all
    select earlier.*, path.depth + 1 from chat_messages as earlier join path on earlier.id = path.parent_id
    where path.depth < ${PATH_LIMIT} and earlier.hidden_at is null
  )
  select ${prefixedColumns(chatMessages, 'path', '')},
    (select json_agg(sibling.id order by sibling.message_order, sibling.created_at) from chat_messages as sibling
     where sibling.user_id = ${user} and sibling.session_id = path.session_id and sibling.hidden_at is null
       and sibling.parent_id is not distinct from path.parent_id) as sibling_ids
  from path order by path.depth desc`,
);
const messageFromRaw = rawRowReader(chatMessages);
const siblingIds = z.array(z.string());

/** The shown branch, oldest first, each message that has siblings with its place among them (‹ n / m ›). */
export async function shownPath(db: Db<ChatSchema>, conversation: ConversationRow): Promise<ChatMessage[]> {
  if (!conversation.leafId) return [];
  const rows = await shownPathStatement.run(db, { leafId: conversation.leafId, userId: conversation.userId });
  return rows.map((raw) => {
    const message = toChatMessage(messageFromRaw(raw)!);
    const ids = siblingIds.parse(typeof raw.sibling_ids === 'string' ? JSON.parse(raw.sibling_ids) : raw.sibling_ids);
    return ids.length > 1 ? { ...message, branch: { position: ids.indexOf(message.id) + 1, count: ids.length, siblingIds: ids } } : message;
  });
}

// The latest leaf under the chosen message becomes the shown one; the list's order is left as it was.
const switchStatement = namedStatement(
  'chat_switch_branch',
  sql`with recursive below as (
    select id, message_order, created_at from chat_messages
    where id = ${value('messageId')}::uuid and user_id = ${user} and session_id = ${value('conversationId')} and hidden_at is null
    union all
    select later.id, later.message_order, later.created_at from chat_messages as later join below on later.parent_id = below.id
    where later.hidden_at is null
  ), leaf as (
    select id from below
    where not exists (select 1 from chat_messages as child where child.parent_id = below.id and child.hidden_at is null)
    order by message_order desc, created_at desc
    limit 1
  )
  update chat_conversations set leaf_id = (select id from leaf)
  where id = ${value('conversationId')}::uuid and user_id = ${user} and deleted_at is null and exists (select 1 from leaf)
  returning ${prefixedColumns(chatConversations, 'chat_conversations', '')}`,
);
const conversationFromRaw = rawRowReader(chatConversations);

/** Shows the branch through `messageId` of the user's conversation: 404 where it is not one of its messages. */
export async function switchBranch(db: Db<ChatSchema>, conversation: ConversationRow, messageId: string): Promise<ConversationRow> {
  const [raw] = await switchStatement.run(db, { messageId, userId: conversation.userId, conversationId: conversation.id });
  const switched = raw && conversationFromRaw(raw);
  if (!switched) throw new MessageNotFoundError();
  return switched;
}

const branchPointStatement = namedStatement(
  'chat_branch_point',
  sql`select message.session_id, message.role, message.parent_id, asked.id as asked_id, asked.content as asked_content, asked.role as asked_role
  from chat_messages as message left join chat_messages as asked on asked.id = message.parent_id and asked.hidden_at is null
  where message.id = ${value('messageId')}::uuid and message.user_id = ${user} and message.hidden_at is null`,
);

export interface BranchPoint {
  conversationId: string;
  place: SendPlace;
  /** For a regeneration: the stored message the new reply answers. */
  message?: string;
}

/**
 * Where an edit or a regeneration goes: an edit's new message beside the edited user message, a
 * regeneration's reply beside the replaced reply. 404 where the message is not a shown-able one of
 * the user's, of the conversation named (if one is), of the right role.
 */
export async function branchPoint(db: Db<ChatSchema>, input: { userId: string; conversationId?: string; editOf?: string; regenerateOf?: string }): Promise<BranchPoint | null> {
  const messageId = input.editOf ?? input.regenerateOf;
  if (!messageId) return null;
  const [row] = await branchPointStatement.run(db, { messageId, userId: input.userId });
  const conversationId = row?.session_id;
  if (typeof conversationId !== 'string' || (input.conversationId && input.conversationId !== conversationId)) throw new MessageNotFoundError();
  if (input.editOf) {
    if (row!.role !== 'user') throw new MessageNotFoundError();
    return { conversationId, place: { kind: 'edit', parentId: (row!.parent_id as string | null) ?? null } };
  }
  if (row!.role !== 'assistant' || row!.asked_role !== 'user' || typeof row!.asked_id !== 'string') throw new MessageNotFoundError();
  return { conversationId, place: { kind: 'regenerate', userMessageId: row!.asked_id }, message: String(row!.asked_content) };
}

/** The reply just written becomes the shown leaf, where the shown one is still the message it answers. */
export async function advanceLeaf(db: Db<ChatSchema>, conversationId: string, from: string, to: string): Promise<void> {
  await db
    .update(chatConversations)
    .set({ leafId: to })
    .where(and(eq(chatConversations.id, conversationId), eq(chatConversations.leafId, from)));
}
