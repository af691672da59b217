import { sql } from '@agentdock/service-kit/orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from '@agentdock/service-kit/pg-core';

/** Chat history (spec §3). Wallet, usage and providers arrive with the chat issue. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    agentId: text('agent_id').notNull(),
    role: text('role').notNull(),
    content: text('content').notNull(),
    realTokensUsed: integer('real_tokens_used').notNull().default(0),
    platformCreditsUsed: integer('platform_credits_used').notNull().default(0),
    sessionId: text('session_id'),
    messageOrder: integer('message_order').notNull().default(0),
    imageUrl: text('image_url'),
    isImageGeneration: boolean('is_image_generation').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('chat_messages_user_agent_created_idx').on(table.userId, table.agentId, table.createdAt),
    check('chat_messages_role_check', sql`${table.role} in ('user', 'assistant')`),
  ],
);

export const schema = { chatMessages };
export type ChatSchema = typeof schema;
