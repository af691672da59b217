import * as z from 'zod/mini';

/** A conversation in the side list (GET /api/chat/conversations), newest first. */
export const chatConversation = z.object({
  id: z.string().check(z.uuid()),
  agentId: z.string().check(z.uuid()),
  title: z.string(),
  createdAt: z.string().check(z.iso.datetime()),
  updatedAt: z.string().check(z.iso.datetime()),
});
export type ChatConversation = z.infer<typeof chatConversation>;

/** How many conversations one page of the list holds. */
export const CONVERSATIONS_PAGE_SIZE = 50;

/** A conversation as the list shows it: with its agent named (null once the agent is gone from the catalog). */
export const chatConversationSummary = z.extend(chatConversation, {
  agentKey: z.nullable(z.string()),
  agentName: z.nullable(z.string()),
});
export type ChatConversationSummary = z.infer<typeof chatConversationSummary>;
/** One page, newest first; `nextCursor` asks for the next (null on the last page). */
export const chatConversationsResponse = z.object({ conversations: z.array(chatConversationSummary), nextCursor: z.nullable(z.string()) });
export type ChatConversationsResponse = z.infer<typeof chatConversationsResponse>;

export const MAX_CONVERSATION_TITLE_LENGTH = 120;
/** The length of a title taken from the conversation's first message. */
const TITLE_FROM_MESSAGE_LENGTH = 60;

/** "Titled from the first message": its first words on one line, cut at a word where it can be. */
export function conversationTitleFrom(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  if (line.length <= TITLE_FROM_MESSAGE_LENGTH) return line || 'New chat';
  const cut = line.slice(0, TITLE_FROM_MESSAGE_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${space > TITLE_FROM_MESSAGE_LENGTH / 2 ? cut.slice(0, space) : cut}…`;
}

/**
 * GET /api/chat/conversations?agentId=&q=&cursor= : every conversation of the account (or one
 * agent's), matching `q` in the title or any message's text, CONVERSATIONS_PAGE_SIZE a page.
 */
export const chatConversationsQuery = z.object({
  agentId: z.optional(z.string().check(z.uuid('Not a valid agent id'))),
  q: z.optional(z.string().check(z.trim(), z.maxLength(200, 'At most 200 characters'))),
  /** The previous page's `nextCursor`. */
  cursor: z.optional(z.string().check(z.uuid('Not a valid cursor'))),
});
export type ChatConversationsQuery = z.infer<typeof chatConversationsQuery>;

/** PATCH /api/chat/conversations/:conversationId */
export const chatConversationRename = z.object({
  title: z.string().check(
    z.trim(),
    z.minLength(1, 'Give the conversation a title'),
    z.maxLength(MAX_CONVERSATION_TITLE_LENGTH, `At most ${MAX_CONVERSATION_TITLE_LENGTH} characters`),
    // eslint-disable-next-line no-control-regex
    z.refine((value) => !/[\u0000-\u001F\u007F]/.test(value), 'Remove control characters'),
  ),
});
export const chatConversationResponse = z.object({ conversation: chatConversation });

/** PUT /api/chat/conversations/:conversationId/branch : show the branch through this message (its latest leaf). */
export const chatBranchSwitch = z.object({ messageId: z.string().check(z.uuid('Not a valid message id')) });
export type ChatBranchSwitch = z.infer<typeof chatBranchSwitch>;
