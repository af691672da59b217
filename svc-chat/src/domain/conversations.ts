import { type ChatConversation, type ChatConversationsQuery, type ChatConversationsResponse, CONVERSATIONS_PAGE_SIZE } from '@agentdock/contracts';
import { NotFoundError } from '@agentdock/service-kit';
import type { Db } from '@agentdock/service-data';
import { and, desc, eq, getTableColumns, isNull, sql } from '@agentdock/service-data/orm';
import { type ChatSchema, chatAgents, chatConversations, chatMessages } from '../db/schema';

type ConversationRow = typeof chatConversations.$inferSelect;

export class ConversationNotFoundError extends NotFoundError {
  constructor() {
    super(undefined, { code: 'conversation_not_found' });
  }
}

export function toConversation(row: ConversationRow): ChatConversation {
  return { id: row.id, agentId: row.agentId, title: row.title, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

const live = (userId: string) => and(eq(chatConversations.userId, userId), isNull(chatConversations.deletedAt));

const summaryColumns = { ...getTableColumns(chatConversations), agentKey: chatAgents.key, agentName: chatAgents.name };

/**
 * One page of the user's conversations, newest first, each with its agent named; `q` matches the
 * title or any message's text in any branch. The cursor is the last conversation of the page
 * before: the page goes on after its place in the order, so a conversation created meanwhile does
 * not shift what comes next.
 */
export async function listConversations(db: Db<ChatSchema>, userId: string, query: ChatConversationsQuery): Promise<ChatConversationsResponse> {
  const pattern = query.q ? `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : null;
  const rows = await db
    .select(summaryColumns)
    .from(chatConversations)
    .leftJoin(chatAgents, sql`${chatAgents.id}::text = ${chatConversations.agentId}`)
    .where(
      and(
        live(userId),
        query.agentId ? eq(chatConversations.agentId, query.agentId) : undefined,
        pattern
          ? sql`(${chatConversations.title} ilike ${pattern} or exists (select 1 from ${chatMessages} where ${chatMessages.sessionId} = ${chatConversations.id}::text and ${chatMessages.userId} = ${userId} and ${chatMessages.hiddenAt} is null and ${chatMessages.content} ilike ${pattern}))`
          : undefined,
        query.cursor
          ? sql`(${chatConversations.updatedAt}, ${chatConversations.id}) < (select updated_at, id from chat_conversations where id = ${query.cursor} and user_id = ${userId})`
          : undefined,
      ),
    )
    .orderBy(desc(chatConversations.updatedAt), desc(chatConversations.id))
    .limit(CONVERSATIONS_PAGE_SIZE + 1);
  const page = rows.slice(0, CONVERSATIONS_PAGE_SIZE);
  return {
    conversations: page.map((row) => ({ ...toConversation(row), agentKey: row.agentKey, agentName: row.agentName })),
    nextCursor: rows.length > CONVERSATIONS_PAGE_SIZE ? page[page.length - 1]!.id : null,
  };
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

/** The user's latest conversation with the agent (the agent's page opens on it). */
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

/**
 * The title refined once the first reply has ended (`conversation-title.ts`), unless the user has
 * renamed the conversation meanwhile: only a title still as the send left it is replaced, and
 * the conversation is answered as it now is.
 */
export async function refineTitle(db: Db<ChatSchema>, conversation: ConversationRow, title: string): Promise<ConversationRow> {
  if (title === conversation.title) return conversation;
  const [row] = await db
    .update(chatConversations)
    .set({ title })
    .where(and(eq(chatConversations.id, conversation.id), eq(chatConversations.title, conversation.title)))
    .returning();
  if (row) return row;
  const [current] = await db.select().from(chatConversations).where(eq(chatConversations.id, conversation.id));
  return current ?? conversation;
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
