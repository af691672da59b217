import * as z from 'zod/mini';
import { subscriptionTier } from '../catalog/tier';
import { chatConversation } from './conversation';
import { messageSource } from './knowledge';

/**
 * The sizes an image agent may be asked for: three that OpenAI's images API accepts for its
 * current models (`ImageGenerateParams['size']` in the `openai` package), square first (the default).
 */
export const IMAGE_SIZES = ['1024x1024', '1024x1536', '1536x1024'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];
export const DEFAULT_IMAGE_SIZE: ImageSize = '1024x1024';
/** How the chat names each size. */
export const IMAGE_SIZE_LABELS: Record<ImageSize, string> = { '1024x1024': 'Square', '1024x1536': 'Portrait', '1536x1024': 'Landscape' };
export const imageSize = z.enum(IMAGE_SIZES, { error: `Choose one of ${IMAGE_SIZES.join(', ')}` });
export function isImageSize(value: unknown): value is ImageSize {
  return typeof value === 'string' && (IMAGE_SIZES as readonly string[]).includes(value);
}

/** An agent the caller's tier may chat with (GET /api/chat/agents). */
export const chatAgent = z.object({
  id: z.string().check(z.uuid()),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  tier: subscriptionTier,
  /** True for the agent that answers with an image. */
  producesImages: z.boolean(),
  /** The sizes the live version offers, in the order the chat lists them (empty for a text agent). */
  imageSizes: z._default(z.array(imageSize), []),
  /** The live version's conversation starters, shown in an empty conversation. */
  starters: z._default(z.array(z.string()), []),
  /** The longest reply the agent gives, in tokens: with the message and the balance, `upToCredits`. */
  maxReplyTokens: z.number().check(z.int(), z.positive()),
});
export type ChatAgent = z.infer<typeof chatAgent>;
export const chatAgentsResponse = z.object({
  agents: z.array(chatAgent),
  /** Named when the built-in demo provider answers instead of a real model. */
  provider: z.object({ name: z.string(), demo: z.boolean() }),
});

export const chatRole = z.enum(['user', 'assistant']);

/** Why a reply ended before the model finished it. */
export const REPLY_STOP_REASONS = ['out-of-credits', 'stopped'] as const;
export type ReplyStopReason = (typeof REPLY_STOP_REASONS)[number];

/**
 * Where a message stands among its siblings (the versions of one turn: the edits of a user
 * message, the regenerated replies to one), shown as ‹ position / count ›. Present only on a
 * message that has siblings; `siblingIds` oldest first, this message's id among them.
 */
export const chatMessageBranch = z.object({
  position: z.number().check(z.int(), z.positive()),
  count: z.number().check(z.int(), z.gte(2)),
  siblingIds: z.array(z.string().check(z.uuid())),
});
export type ChatMessageBranch = z.infer<typeof chatMessageBranch>;

/** A stored chat message (the shown branch of a conversation, oldest first). */
export const chatMessage = z.object({
  id: z.string().check(z.uuid()),
  agentId: z.string().check(z.uuid()),
  sessionId: z.string().check(z.uuid()),
  role: chatRole,
  /** Plain text for the user's messages; sanitised HTML (from Markdown) for the assistant's. */
  content: z.string(),
  /** The message as written (the assistant's Markdown), for copying and export. */
  markdown: z.string(),
  messageOrder: z.number().check(z.int(), z.nonnegative()),
  tokensUsed: z.number().check(z.int(), z.nonnegative()),
  creditsUsed: z.number().check(z.int(), z.nonnegative()),
  imageUrl: z.nullable(z.string()),
  createdAt: z.string().check(z.iso.datetime()),
  /** Set on a reply cut short: `out-of-credits` (the customer's credits ran out mid-reply). */
  stopReason: z.optional(z.enum(REPLY_STOP_REASONS)),
  /** The agent's knowledge files a reply drew on ("Sources: pricing.pdf p. 3"); absent when none. */
  sources: z.optional(z.array(messageSource)),
  /** The agent's published version a reply was written with (absent: a user message, or an agent never published). */
  agentVersion: z.optional(z.number().check(z.int(), z.positive())),
  /** The message this one follows in the conversation's tree (null: the first turn). */
  parentId: z.optional(z.nullable(z.string().check(z.uuid()))),
  branch: z.optional(chatMessageBranch),
});
export type ChatMessage = z.infer<typeof chatMessage>;
export const chatHistoryResponse = z.object({ messages: z.array(chatMessage), conversation: z.nullable(chatConversation) });

/** POST /api/chat/agents/:agentId/messages body. */
export const MAX_CHAT_MESSAGE_LENGTH = 8000;
const sendText = z.string().check(
  z.trim(),
  z.minLength(1, 'Type a message first'),
  z.maxLength(MAX_CHAT_MESSAGE_LENGTH, `At most ${MAX_CHAT_MESSAGE_LENGTH} characters`),
  // eslint-disable-next-line no-control-regex
  z.refine((value) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(value), 'Remove control characters'),
);
export const chatSendRequest = z
  .object({
    /** The text to send; absent only with `regenerateOf` (the reply answers the stored message again). */
    message: z.optional(sendText),
    /** The conversation to add to; absent: the latest one with the agent (a new one if there is none). */
    conversationId: z.optional(z.string().check(z.uuid('Not a valid conversation id'))),
    /** Start a new conversation with this message. */
    newConversation: z.optional(z.boolean()),
    /** Edit: `message` becomes a new version of this user message (a sibling), answered by a new reply; the old branch stays. */
    editOf: z.optional(z.string().check(z.uuid('Not a valid message id'))),
    /** Regenerate: a new reply to the same user message as this reply (a sibling); the old reply stays. */
    regenerateOf: z.optional(z.string().check(z.uuid('Not a valid message id'))),
    /** For image agents: the size of the image (DEFAULT_IMAGE_SIZE when absent); text agents ignore it. */
    imageSize: z.optional(imageSize),
    /** The team (organisation id) whose credit pool pays, within the sender's cap there; absent: the sender's own wallet. The conversation stays the sender's. */
    workspace: z.optional(z.string().check(z.uuid('Not a valid team id'))),
  })
  .check(
    z.refine((body) => body.message !== undefined || body.regenerateOf !== undefined, { message: 'Type a message first', path: ['message'] }),
    z.refine((body) => !(body.editOf && body.regenerateOf), { message: 'Edit or regenerate, not both', path: ['regenerateOf'] }),
  );
export type ChatSendRequest = z.infer<typeof chatSendRequest>;

/**
 * The send endpoint answers with server-sent events, one JSON object per `data:` line, the
 * event name in `event:`: `waiting` (the provider is working), `token` (a piece of the reply),
 * then exactly one of `done` (the stored reply and the wallet after settlement) or `error`
 * (the apology text; the reservation was refunded).
 */
export const chatStreamWaiting = z.object({
  status: z.literal('waiting'),
  /** The conversation as the send left it (a new one exists from here on) and the user's message (for a regeneration, the one answered). */
  conversation: z.optional(chatConversation),
  userMessage: z.optional(chatMessage),
  /** What the reservation set aside: `upToCredits` of this send; the reply's `creditsUsed` is never above it. */
  upToCredits: z.optional(z.number().check(z.int(), z.nonnegative())),
});
export const chatStreamToken = z.object({ text: z.string() });
export const chatStreamDone = z.object({
  conversation: chatConversation,
  userMessage: chatMessage,
  reply: chatMessage,
  /** What was set aside before the reply (`upToCredits`); `reply.creditsUsed` is the exact charge, never above it. */
  upToCredits: z.number().check(z.int(), z.nonnegative()),
  creditsRemaining: z.number().check(z.int(), z.nonnegative()),
  purchasedCredits: z.number().check(z.int(), z.nonnegative()),
});
export const chatStreamError = z.object({ message: z.string(), reply: z.nullable(chatMessage), conversation: z.optional(chatConversation) });
export type ChatStreamWaiting = z.infer<typeof chatStreamWaiting>;
export type ChatStreamDone = z.infer<typeof chatStreamDone>;
export type ChatStreamError = z.infer<typeof chatStreamError>;
export const CHAT_STREAM_EVENTS = ['waiting', 'token', 'done', 'error'] as const;
export type ChatStreamEventName = (typeof CHAT_STREAM_EVENTS)[number];
