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
export const chatConversationsResponse = z.object({ conversations: z.array(chatConversation) });

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

/** GET /api/chat/conversations?agentId=&q= : one agent's or all, matching title or text. */
export const chatConversationsQuery = z.object({
  agentId: z.optional(z.string().check(z.uuid('Not a valid agent id'))),
  q: z.optional(z.string().check(z.trim(), z.maxLength(200, 'At most 200 characters'))),
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
