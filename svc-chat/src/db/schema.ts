import type { AgentBehaviour } from '@agentdock/contracts';
import { sql } from '@agentdock/service-data/orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from '@agentdock/service-data/pg-core';
import { knowledgeSchema } from './knowledge-schema';
import { chatPoolMemberDaily, chatPoolMembers } from './pool-schema';

export { chatPoolMemberDaily, chatPoolMembers, type PoolMemberRow } from './pool-schema';

export * from './knowledge-schema';
import { chatCustomerDaily, chatCustomerWindowCounts, chatCustomerWindows, chatCustomerWindowTotals, chatStatsDaily } from './stats-schema';

export { chatCustomerDaily, chatCustomerWindowCounts, chatCustomerWindows, chatCustomerWindowTotals, chatRollups, chatStatsDaily } from './stats-schema';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** Chat history: the user's messages and the assistant's replies, with what each reply cost. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    agentId: text('agent_id').notNull(),
    role: text('role').notNull(),
    content: text('content').notNull(),
    realTokensUsed: integer('real_tokens_used').notNull().default(0),
    platformCreditsUsed: bigint('platform_credits_used', { mode: 'number' }).notNull().default(0),
    sessionId: text('session_id'),
    messageOrder: integer('message_order').notNull().default(0),
    imageUrl: text('image_url'),
    isImageGeneration: boolean('is_image_generation').notNull().default(false),
    /** Set when an admin refunded this reply's credits (a second refund is refused). */
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
    /** Why a reply ended early: `out-of-credits` (cut at what the customer could pay) or `stopped` (the user left). */
    stopReason: text('stop_reason'),
    /** Set by the edits made before branching (migration 0010): off the conversation, kept for the books. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
    /** The knowledge passages a reply was given (its "Sources"), as they were named when it was written. */
    sources: jsonb('sources').$type<Array<{ passageId: string; fileName: string; page: number | null }>>(),
    /**
     * The message this one follows: a conversation is a tree whose siblings are the versions of one
     * turn (the edits of a user message, the regenerated replies to one). Null for a first turn.
     */
    parentId: uuid('parent_id'),
    /** A reply's agent version: the one live when the send started (null for user messages, an agent never published, and replies before migration 0014). */
    agentVersion: integer('agent_version'),
    createdAt: createdAt(),
  },
  (table) => [
    index('chat_messages_user_agent_created_idx').on(table.userId, table.agentId, table.createdAt),
    index('chat_messages_user_created_idx').on(table.userId, table.createdAt),
    index('chat_messages_session_order_idx').on(table.sessionId, table.messageOrder),
    index('chat_messages_parent_idx').on(table.parentId),
    // The admin usage figures read the replies of a date range across all users.
    index('chat_messages_replies_created_idx')
      .on(table.createdAt)
      .where(sql`${table.role} = 'assistant'`),
    check('chat_messages_role_check', sql`${table.role} in ('user', 'assistant')`),
  ],
);

/**
 * One wallet per user, and one per team (its credit pool): `user_id` is the owner's id, a user's
 * or an organisation's (both are UUIDs from identity), `owner_kind` says which. Plan credits reset
 * each period (no rollover) at the tier's allowance × `seats` (1 for a person); purchased credits
 * are kept apart and survive renewals. The checks are the last line of defence: a balance never
 * goes negative.
 */
export const chatWallets = pgTable(
  'chat_wallets',
  {
    userId: uuid('user_id').primaryKey(),
    tier: text('tier').notNull(),
    creditsRemaining: bigint('credits_remaining', { mode: 'number' }).notNull(),
    creditsLimit: bigint('credits_limit', { mode: 'number' }).notNull(),
    purchasedCredits: bigint('purchased_credits', { mode: 'number' }).notNull().default(0),
    apiCallsUsed: integer('api_calls_used').notNull().default(0),
    apiCallsLimit: integer('api_calls_limit').notNull(),
    /** Start of the current monthly allowance period. */
    periodStart: timestamp('period_start', { withTimezone: true, mode: 'date' }).notNull(),
    /** When the plan credits next refill: monthly from `periodAnchor`, on every billing interval. */
    creditsRefillAt: timestamp('credits_refill_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The day refills count from (the billing period's start; the wallet's opening for free ones). */
    periodAnchor: timestamp('period_anchor', { withTimezone: true, mode: 'date' }).notNull(),
    /** The billing renewal (for free wallets, the next refill). */
    renewsAt: timestamp('renews_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Free wallets roll on with no end; paid ones refill monthly up to the billing renewal, then wait for billing's event. */
    selfRenewing: boolean('self_renewing').notNull().default(true),
    /** The period for which the low-balance event went out (one per period). */
    lowBalanceNotifiedFor: timestamp('low_balance_notified_for', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ownerKind: text('owner_kind', { enum: ['user', 'organisation'] })
      .notNull()
      .default('user'),
    /** How many times the tier's allowance a period grants: a team's paid seats, 1 for a person. */
    seats: integer('seats').notNull().default(1),
  },
  (table) => [
    check('chat_wallets_owner_kind_check', sql`${table.ownerKind} in ('user', 'organisation')`),
    check('chat_wallets_seats_check', sql`${table.seats} >= 0`),
    check('chat_wallets_credits_check', sql`${table.creditsRemaining} >= 0 and ${table.purchasedCredits} >= 0`),
    check('chat_wallets_calls_check', sql`${table.apiCallsUsed} >= 0`),
    // The users list's "most credits used" order reads the first rows of this, not every wallet.
    index('chat_wallets_credits_used_idx').on(sql`greatest(${table.creditsLimit} - ${table.creditsRemaining}, 0) desc`, table.userId),
  ],
);

/** Every credit change (written only by domain/ledger.ts, with the balance change it records), with the amount taken from (negative) or given to each bucket. */
export const chatWalletLedger = pgTable(
  'chat_wallet_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    kind: text('kind').notNull(),
    planDelta: bigint('plan_delta', { mode: 'number' }).notNull().default(0),
    purchasedDelta: bigint('purchased_delta', { mode: 'number' }).notNull().default(0),
    /** The reply a reservation, settlement or refund belongs to. */
    messageId: uuid('message_id'),
    /** An external key that makes a change idempotent (a purchase id, an event id). */
    reference: text('reference'),
    /** On a team's pool: the member whose reply a reservation, settlement or release belongs to. */
    memberId: uuid('member_id'),
    reason: text('reason'),
    actorId: uuid('actor_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('chat_wallet_ledger_user_idx').on(table.userId, table.createdAt),
    uniqueIndex('chat_wallet_ledger_reference_idx').on(table.kind, table.reference),
    // Every settlement and release first asks whether its reply's reservation is still open, and a
    // refund reads the reply's rows: by the reply, not by a scan that grows with the ledger.
    index('chat_wallet_ledger_message_idx')
      .on(table.messageId)
      .where(sql`${table.messageId} is not null`),
    // A person's own usage leaves out the replies pools paid for with them as the member.
    index('chat_wallet_ledger_member_idx')
      .on(table.memberId)
      .where(sql`${table.memberId} is not null`),
    check(
      'chat_wallet_ledger_kind_check',
      sql`${table.kind} in ('grant', 'expiry', 'reservation', 'settlement', 'release', 'refund', 'top-up', 'admin-adjustment', 'plan-change')`,
    ),
  ],
);

/** Read model of catalog's plans: each tier's monthly allowance. */
export const chatPlanAllowances = pgTable(
  'chat_plan_allowances',
  {
    planId: text('plan_id').primaryKey(),
    tier: text('tier').notNull(),
    platformCredits: bigint('platform_credits', { mode: 'number' }),
    apiCalls: integer('api_calls'),
    isActive: boolean('is_active').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [index('chat_plan_allowances_tier_idx').on(table.tier)],
);

/** Read model of catalog's agents, including the provider id the browser never sees. */
export const chatAgents = pgTable('chat_agents', {
  id: uuid('id').primaryKey(),
  key: text('key').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  useCase: text('use_case').notNull().default(''),
  tier: text('tier').notNull(),
  isActive: boolean('is_active').notNull(),
  providerAgentId: text('provider_agent_id'),
  /** The live version catalog published (`catalog.agent.published`); null: never published, answered as a bare persona. */
  publishedVersion: integer('published_version'),
  /** That version's behaviour (instructions, model, parameters, starters): what every new reply is built from. */
  behaviour: jsonb('behaviour').$type<AgentBehaviour>(),
  /** When catalog created the agent (a `/v1` model's `created`). */
  createdAt: createdAt(),
});

/**
 * OpenAI-compatible endpoints an admin manages in the console. The key is sealed (AES-256-GCM,
 * CONNECTIONS_ENCRYPTION_KEY) and never served back: only its last four characters are.
 */
export const chatModelConnections = pgTable(
  'chat_model_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    baseUrl: text('base_url').notNull(),
    /** Sealed API key (`v1:<key id>:…`); null for endpoints that take none. */
    apiKeySealed: text('api_key_sealed'),
    keyLastFour: text('key_last_four'),
    defaultModel: text('default_model'),
    /** The connection agents without one of their own use; at most one. */
    isDefault: boolean('is_default').notNull().default(false),
    /** `openai` or `demo` on the connection made from the environment (CHAT_PROVIDER); null for an admin's own. */
    source: text('source'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('chat_model_connections_one_default')
      .on(table.isDefault)
      .where(sql`${table.isDefault}`),
  ],
);

/**
 * A user's conversations with an agent; messages name theirs in `session_id`. The counter keeps
 * message order gap-free under concurrent sends. Deleting hides the conversation; its messages stay
 * (their credits are in the ledger and the usage figures).
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    agentId: text('agent_id').notNull(),
    title: text('title').notNull(),
    nextOrder: integer('next_order').notNull().default(0),
    /** The last message of the branch shown (null before the first message): sends continue from it. */
    leafId: uuid('leaf_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('chat_conversations_user_updated_idx').on(table.userId, table.updatedAt)],
);

/**
 * Read model of svc-identity's API keys (fed by `identity.api-key.issued` / `.revoked`): only the
 * secret's SHA-256, never the secret. A revocation that arrives before its key leaves a row with
 * `revoked_at` and no hash, which the issue event then fills in without clearing `revoked_at`.
 * `month_credits` is what the key reserved and spent in the UTC calendar month `month_start`
 * (its monthly cap is checked against it under the row lock, in the reservation's transaction).
 */
export const chatApiKeys = pgTable(
  'chat_api_keys',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    secretHash: text('secret_hash'),
    name: text('name').notNull().default(''),
    lastFour: text('last_four').notNull().default(''),
    monthlyCreditCap: bigint('monthly_credit_cap', { mode: 'number' }),
    /** Agent keys (the `/v1` model ids) the key may use; null: all its owner's tier includes. */
    allowedAgents: jsonb('allowed_agents').$type<string[]>(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    monthStart: timestamp('month_start', { withTimezone: true, mode: 'date' }),
    monthCredits: bigint('month_credits', { mode: 'number' }).notNull().default(0),
    /** A team key's team: it spends from that pool within `userId`'s member cap while they are a member. Null: a personal key. */
    organisationId: uuid('organisation_id'),
  },
  (table) => [
    uniqueIndex('chat_api_keys_secret_hash_idx').on(table.secretHash),
    index('chat_api_keys_user_idx').on(table.userId),
    check('chat_api_keys_month_credits_check', sql`${table.monthCredits} >= 0`),
  ],
);

/** One row per metered `/v1` request: metadata only, never the messages or the reply. */
export const chatApiRequests = pgTable(
  'chat_api_requests',
  {
    id: uuid('id').primaryKey(),
    keyId: uuid('key_id').notNull(),
    userId: uuid('user_id').notNull(),
    agentId: text('agent_id').notNull(),
    kind: text('kind').notNull(),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    credits: bigint('credits', { mode: 'number' }).notNull().default(0),
    latencyMs: integer('latency_ms').notNull().default(0),
    /** The HTTP status the caller got (499: the caller left before the end, charged for what was generated). */
    status: integer('status').notNull(),
    requestId: text('request_id'),
    /** The agent version the answer was written with, as on a web chat reply (migration 0014). */
    agentVersion: integer('agent_version'),
    createdAt: createdAt(),
  },
  (table) => [
    index('chat_api_requests_key_created_idx').on(table.keyId, table.createdAt),
    index('chat_api_requests_user_created_idx').on(table.userId, table.createdAt),
    // The admin usage figures read the requests of a date range across all users.
    index('chat_api_requests_created_idx').on(table.createdAt),
    check('chat_api_requests_kind_check', sql`${table.kind} in ('chat', 'image')`),
  ],
);

export const schema = {
  chatMessages,
  chatPoolMembers,
  chatPoolMemberDaily,
  chatWallets,
  chatWalletLedger,
  chatPlanAllowances,
  chatAgents,
  chatConversations,
  chatApiKeys,
  chatApiRequests,
  chatModelConnections,
  ...knowledgeSchema,
  chatStatsDaily,
  chatCustomerDaily,
  chatCustomerWindows,
  chatCustomerWindowCounts,
  chatCustomerWindowTotals,
};
export type ChatSchema = typeof schema;
