import { type ChatConversation, type ChatConversationsQuery, type ChatMessage, conversationTitleFrom } from '@agentdock/contracts';
import { NotFoundError } from '@agentdock/service-kit';
import type { Db } from '@agentdock/service-data';
import { and, desc, eq, gte, isNull, type SQLWrapper, sql } from '@agentdock/service-data/orm';
import { type ChatSchema, chatConversations, chatMessages } from '../db/schema';
import { toChatMessage } from './history';

type ConversationRow = typeof chatConversations.$inferSelect;

export class ConversationNotFoundError extends NotFoundError {
  constructor() {
    super(undefined, { code: 'conversation_not_found' });
  }
}

export class MessageNotFoundError extends NotFoundError {
  constructor() {
    super(undefined, { code: 'message_not_found' });
  }
}

/** The most conversations the side list shows (the newest). */
const LIST_LIMIT = 100;
/** The most messages a conversation shows (the latest). */
const MESSAGES_LIMIT = 200;

export function toConversation(row: ConversationRow): ChatConversation {
  return { id: row.id, agentId: row.agentId, title: row.title, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

const live = (userId: string) => and(eq(chatConversations.userId, userId), isNull(chatConversations.deletedAt));

/** The user's conversations, newest first; `q` matches the title or any visible message's text. */
export async function listConversations(db: Db<ChatSchema>, userId: string, query: ChatConversationsQuery): Promise<ChatConversation[]> {
  const pattern = query.q ? `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : null;
  const rows = await db
    .select()
    .from(chatConversations)
    .where(
      and(
        live(userId),
        query.agentId ? eq(chatConversations.agentId, query.agentId) : undefined,
        pattern
          ? sql`(${chatConversations.title} ilike ${pattern} or exists (select 1 from ${chatMessages} where ${chatMessages.sessionId} = ${chatConversations.id}::text and ${chatMessages.userId} = ${userId} and ${chatMessages.hiddenAt} is null and ${chatMessages.content} ilike ${pattern}))`
          : undefined,
      ),
    )
    .orderBy(desc(chatConversations.updatedAt), desc(chatConversations.createdAt))
    .limit(LIST_LIMIT);
  return rows.map(toConversation);
}

/** The user's own live conversation, or 404 (another user's is indistinguishable from none). */
export async function ownConversation(db: Db<ChatSchema>, userId: string, conversationId: string): Promise<ConversationRow> {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(and(live(userId), eq(chatConversations.id, conversationId)));
  if (!row) throw new ConversationNotFoundError();
  return row;
}

/** The conversation's visible messages, oldest first (the latest 200). */
export async function conversationMessages(db: Db<ChatSchema>, conversation: ConversationRow): Promise<ChatMessage[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.userId, conversation.userId), eq(chatMessages.sessionId, conversation.id), isNull(chatMessages.hiddenAt)))
    .orderBy(desc(chatMessages.messageOrder))
    .limit(MESSAGES_LIMIT);
  return rows.reverse().map(toChatMessage);
}

/** The user's latest conversation with the agent: today's single history for a first conversation. */
export async function latestConversation(db: Db<ChatSchema>, userId: string, agentId: string): Promise<ConversationRow | null> {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(and(live(userId), eq(chatConversations.agentId, agentId)))
    .orderBy(desc(chatConversations.updatedAt), desc(chatConversations.createdAt))
    .limit(1);
  return row ?? null;
}

export async function renameConversation(db: Db<ChatSchema>, userId: string, conversationId: string, title: string): Promise<ChatConversation> {
  const [row] = await db
    .update(chatConversations)
    .set({ title })
    .where(and(live(userId), eq(chatConversations.id, conversationId)))
    .returning();
  if (!row) throw new ConversationNotFoundError();
  return toConversation(row);
}

/** Leaves the list for good; the messages stay, as their credits are in the ledger and the usage figures. */
export async function deleteConversation(db: Db<ChatSchema>, userId: string, conversationId: string): Promise<void> {
  const rows = await db
    .update(chatConversations)
    .set({ deletedAt: new Date() })
    .where(and(live(userId), eq(chatConversations.id, conversationId)))
    .returning({ id: chatConversations.id });
  if (rows.length === 0) throw new ConversationNotFoundError();
}

/**
 * The conversation a send goes to, with two order numbers (the message and its reply) taken under
 * the row's lock so order stays gap-free under concurrent sends. A new conversation is titled from
 * its first message.
 */
export async function conversationSlot(
  tx: Db<ChatSchema>,
  input: { userId: string; agentId: string; message: string; conversationId?: string; newConversation?: boolean },
): Promise<{ conversation: ConversationRow; order: number }> {
  let taken: ConversationRow | undefined;
  if (input.conversationId) {
    const target = await ownConversation(tx, input.userId, input.conversationId);
    if (target.agentId !== input.agentId) throw new ConversationNotFoundError();
    taken = await takeTwoOrders(tx, target.id);
  } else if (!input.newConversation) {
    // The latest conversation with this agent, found and advanced in one statement.
    const latest = tx
      .select({ id: chatConversations.id })
      .from(chatConversations)
      .where(and(live(input.userId), eq(chatConversations.agentId, input.agentId)))
      .orderBy(desc(chatConversations.updatedAt), desc(chatConversations.createdAt))
      .limit(1);
    taken = await takeTwoOrders(tx, latest);
  }
  if (taken) return { conversation: taken, order: taken.nextOrder - 2 };
  const [created] = await tx
    .insert(chatConversations)
    .values({ userId: input.userId, agentId: input.agentId, title: conversationTitleFrom(input.message), nextOrder: 2 })
    .returning();
  return { conversation: created!, order: 0 };
}

/** Takes the next two message orders of a conversation (the user's message and the reply): the row as it is after. */
async function takeTwoOrders(tx: Db<ChatSchema>, conversationId: string | SQLWrapper): Promise<ConversationRow | undefined> {
  const [row] = await tx
    .update(chatConversations)
    .set({ nextOrder: sql`${chatConversations.nextOrder} + 2`, updatedAt: new Date() })
    .where(eq(chatConversations.id, conversationId))
    .returning();
  return row;
}

/**
 * Edit and resend, or regenerate: the edited user message and everything after it leave the
 * conversation (kept in the database, hidden). Only a visible user message of this conversation qualifies.
 */
export async function hideFrom(tx: Db<ChatSchema>, conversation: ConversationRow, messageId: string): Promise<void> {
  const [edited] = await tx
    .select({ order: chatMessages.messageOrder })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.id, messageId),
        eq(chatMessages.userId, conversation.userId),
        eq(chatMessages.sessionId, conversation.id),
        eq(chatMessages.role, 'user'),
        isNull(chatMessages.hiddenAt),
      ),
    );
  if (!edited) throw new MessageNotFoundError();
  await tx
    .update(chatMessages)
    .set({ hiddenAt: new Date() })
    .where(
      and(eq(chatMessages.sessionId, conversation.id), eq(chatMessages.userId, conversation.userId), gte(chatMessages.messageOrder, edited.order), isNull(chatMessages.hiddenAt)),
    );
}
