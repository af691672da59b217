import { sql } from '@agentdock/service-data/orm';
import type { RollupDefinition } from '@agentdock/service-data';
import { bigint, check, date, index, integer, pgTable, primaryKey, text, uuid } from '@agentdock/service-data/pg-core';

/**
 * The admin figures' daily rollups (migration 0013). Triggers on `chat_messages` and
 * `chat_api_requests` keep them in the transaction that writes the row they count, whichever
 * write path it is; the views `*_recomputed` state the same figures from the raw rows, for the
 * backfill and `npm run stats:verify`.
 *
 * Per UTC day, channel and agent: `web` counts the agents' replies and the credits they cost
 * (a refunded reply's credits are not counted), `api` the answered /v1 requests (200 and 499).
 * Each figure is spread over up to STATS_SHARDS rows (`shard`, migration 0014), one per database
 * connection's turn: every reply of an agent on a day counted into one row made concurrent
 * replies wait for each other's commit on its lock. Readers sum the shards.
 */
export const chatStatsDaily = pgTable(
  'chat_stats_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    channel: text('channel').notNull(),
    agentId: text('agent_id').notNull(),
    messages: bigint('messages', { mode: 'number' }).notNull().default(0),
    credits: bigint('credits', { mode: 'number' }).notNull().default(0),
    shard: integer('shard').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.channel, table.agentId, table.shard] }), check('chat_stats_daily_channel_check', sql`${table.channel} in ('web', 'api')`)],
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

/**
 * The customer figures of the admin console's preset ranges (the last `days` days, today
 * included): each customer's replies and credits on every day from `from_day` on, kept current by
 * the reply trigger as replies are written (migration 0020), so the top customers and the count of
 * active ones read the first rows of an index and a few counters, whatever the day's traffic. No
 * reply is dated after today, so the days from `from_day` on are the range. The stats move a window
 * forward (take off the days that left it) when they find it behind, once a day.
 */
export const chatCustomerWindows = pgTable('chat_customer_windows', {
  days: integer('days').primaryKey(),
  fromDay: date('from_day', { mode: 'string' }).notNull(),
});

/**
 * How many customers a window holds (totals with replies), spread over shards like
 * `chat_stats_daily`: a customer's first reply in a window counts one, and every reply may be one,
 * so one counter row would make concurrent replies wait for each other's commit. Readers sum them.
 */
export const chatCustomerWindowCounts = pgTable(
  'chat_customer_window_counts',
  {
    days: integer('days').notNull(),
    shard: integer('shard').notNull(),
    customers: bigint('customers', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.days, table.shard] })],
);

export const chatCustomerWindowTotals = pgTable(
  'chat_customer_window_totals',
  {
    days: integer('days').notNull(),
    userId: uuid('user_id').notNull(),
    messages: bigint('messages', { mode: 'number' }).notNull().default(0),
    credits: bigint('credits', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.days, table.userId] }),
    index('chat_customer_window_totals_rank_idx').on(table.days, table.credits.desc(), table.messages.desc(), table.userId),
  ],
);

/** Each rollup and the view of migration 0013 that recomputes it from the raw rows (`npm run stats:verify -- chat`). */
export const chatRollups: readonly RollupDefinition[] = [
  { table: 'chat_stats_daily', recomputed: 'chat_stats_daily_recomputed', keys: ['day', 'channel', 'agent_id'], values: ['messages', 'credits'] },
  { table: 'chat_customer_daily', recomputed: 'chat_customer_daily_recomputed', keys: ['day', 'user_id'], values: ['messages', 'credits'] },
  { table: 'chat_customer_window_totals', recomputed: 'chat_customer_window_totals_recomputed', keys: ['days', 'user_id'], values: ['messages', 'credits'] },
  { table: 'chat_customer_window_counts', recomputed: 'chat_customer_window_counts_recomputed', keys: ['days'], values: ['customers'] },
  { table: 'chat_pool_member_daily', recomputed: 'chat_pool_member_daily_recomputed', keys: ['organisation_id', 'user_id', 'day'], values: ['messages', 'credits'] },
];
