import { sql } from '@agentdock/service-data/orm';
import type { RollupDefinition } from '@agentdock/service-data';
import { bigint, check, date, pgTable, primaryKey, text, uuid } from '@agentdock/service-data/pg-core';

/**
 * The admin figures' daily rollups (migration 0013). Triggers on `chat_messages` and
 * `chat_api_requests` keep them in the transaction that writes the row they count, whichever
 * write path it is; the views `*_recomputed` state the same figures from the raw rows, for the
 * backfill and `npm run stats:verify`.
 *
 * Per UTC day, channel and agent: `web` counts the agents' replies and the credits they cost
 * (a refunded reply's credits are not counted), `api` the answered /v1 requests (200 and 499).
 */
export const chatStatsDaily = pgTable(
  'chat_stats_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    channel: text('channel').notNull(),
    agentId: text('agent_id').notNull(),
    messages: bigint('messages', { mode: 'number' }).notNull().default(0),
    credits: bigint('credits', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.channel, table.agentId] }), check('chat_stats_daily_channel_check', sql`${table.channel} in ('web', 'api')`)],
);

/** Per UTC day and customer: their web replies and credits, for the active and top customers of a range. */
export const chatCustomerDaily = pgTable(
  'chat_customer_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: uuid('user_id').notNull(),
    messages: bigint('messages', { mode: 'number' }).notNull().default(0),
    credits: bigint('credits', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.userId] })],
);

/** Each rollup and the view of migration 0013 that recomputes it from the raw rows (`npm run stats:verify -- chat`). */
export const chatRollups: readonly RollupDefinition[] = [
  { table: 'chat_stats_daily', recomputed: 'chat_stats_daily_recomputed', keys: ['day', 'channel', 'agent_id'], values: ['messages', 'credits'] },
  { table: 'chat_customer_daily', recomputed: 'chat_customer_daily_recomputed', keys: ['day', 'user_id'], values: ['messages', 'credits'] },
];
