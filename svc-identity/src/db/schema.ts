import { SUBSCRIPTION_TIERS } from '@agentdock/contracts';
import { sql } from '@agentdock/service-data/orm';
import { bigint, boolean, check, index, isOneOf, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from '@agentdock/service-data/pg-core';
import { identitySignupsDaily } from './stats-schema';
import { organisationActivity, organisationInvitations, organisationMembers, organisations } from './teams-schema';

export { identityRollups, identitySignupsDaily } from './stats-schema';
export * from './teams-schema';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** User profiles (spec §3) with their credentials. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** Proved by a texted code: the only number that signs in, so unique. */
    phone: text('phone'),
    /** Set by its owner, waiting for its code; not unique, so setting it tells nobody who uses it. */
    pendingPhone: text('pending_phone'),
    fullName: text('full_name'),
    /** argon2id, in its PHC string form (algorithm, parameters and salt travel with the hash). */
    passwordHash: text('password_hash').notNull(),
    emailConfirmedAt: time('email_confirmed_at'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isSuspended: boolean('is_suspended').notNull().default(false),
    subscriptionTier: text('subscription_tier', { enum: SUBSCRIPTION_TIERS }).notNull().default('free'),
    createdAt: time('created_at').notNull().defaultNow(),
    updatedAt: time('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${table.email})`),
    uniqueIndex('users_phone_idx').on(table.phone),
    index('users_created_at_idx').on(table.createdAt),
    check('users_tier_check', isOneOf(table.subscriptionTier, SUBSCRIPTION_TIERS)),
  ],
);
export type UserRow = typeof users.$inferSelect;

/** ES256 key pairs that sign access tokens; kept here so restarts and replicas share them. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: time('created_at').notNull().defaultNow(),
});

/** A sign-in and everything refreshed from it: the refresh-token family. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['password', 'link', 'recovery', 'otp'] }).notNull(),
    createdAt: time('created_at').notNull().defaultNow(),
    /** The family's hard end; rotation never extends it. */
    expiresAt: time('expires_at').notNull(),
    revokedAt: time('revoked_at'),
    revokedReason: text('revoked_reason'),
    /** When this sign-in passed a second factor; every refreshed token of the family says so. */
    mfaVerifiedAt: time('mfa_verified_at'),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** Refresh tokens, by SHA-256 hash only; `rotatedAt` marks one already exchanged for its successor. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: time('created_at').notNull().defaultNow(),
    rotatedAt: time('rotated_at'),
  },
  (table) => [index('refresh_tokens_session_idx').on(table.sessionId)],
);

/** One-time codes of emailed links, by hash, bound to the PKCE challenge of the browser that asked. */
export const linkCodes = pgTable(
  'link_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['signup', 'magiclink', 'recovery'] }).notNull(),
    codeChallenge: text('code_challenge').notNull(),
    createdAt: time('created_at').notNull().defaultNow(),
    expiresAt: time('expires_at').notNull(),
    usedAt: time('used_at'),
  },
  (table) => [check('link_codes_purpose_check', sql`${table.purpose} in ('signup', 'magiclink', 'recovery')`)],
);

/** Emailed 6-digit sign-in codes; a new request replaces the user's previous code. */
export const otpCodes = pgTable('otp_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  createdAt: time('created_at').notNull().defaultNow(),
  expiresAt: time('expires_at').notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  usedAt: time('used_at'),
});

/**
 * The code texted to a user's pending phone number, by hash bound to that number; a new number or
 * a new request replaces it.
 */
export const phoneCodes = pgTable('phone_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  createdAt: time('created_at').notNull().defaultNow(),
  expiresAt: time('expires_at').notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  usedAt: time('used_at'),
});

/**
 * A user's authenticator-app secret (TOTP). Enabled once a first code proved the app holds it;
 * `lastUsedStep` is the newest 30-second step a code was accepted for, so a code works once.
 * The secret must be readable to check codes: protect this database like the signing key.
 */
export const mfaFactors = pgTable('mfa_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  createdAt: time('created_at').notNull().defaultNow(),
  enabledAt: time('enabled_at'),
  lastUsedStep: integer('last_used_step'),
});

/** Single-use recovery codes, argon2id hashes only; `position` is the order they were shown in. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: time('created_at').notNull().defaultNow(),
    usedAt: time('used_at'),
  },
  (table) => [primaryKey({ columns: [table.userId, table.position] })],
);

/** The second step of a sign-in: what a first factor hands out instead of a session, by hash. */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session the first factor would have started (a recovery link stays a recovery session). */
    kind: text('kind', { enum: ['password', 'link', 'recovery', 'otp'] }).notNull(),
    createdAt: time('created_at').notNull().defaultNow(),
    expiresAt: time('expires_at').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    usedAt: time('used_at'),
  },
  (table) => [index('mfa_challenges_user_idx').on(table.userId)],
);

/** Every email sent without SMTP (the embedded default), for the local mailbox page. */
export const mailbox = pgTable(
  'mailbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    links: jsonb('links').$type<string[]>().notNull(),
    sentAt: time('sent_at').notNull().defaultNow(),
  },
  (table) => [index('mailbox_sent_at_idx').on(table.sentAt)],
);

/** Counters of rate-limiter-flexible's Drizzle store, shared by every replica. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: time('expire'),
});

/**
 * Wrong passwords (at sign-in, and confirming a credential change) per account and source: one
 * row per (account, client IP), plus the account's total under source ''. The account is the user
 * (`user:<id>`) whichever of its email or phone number was typed, or the name typed when it names
 * none. A count lives for a window from its first failure; `alertedAt` is when the owner was last
 * told of them.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    account: text('account').notNull(),
    source: text('source').notNull(),
    failures: integer('failures').notNull(),
    firstFailureAt: time('first_failure_at').notNull(),
    lastFailureAt: time('last_failure_at').notNull(),
    alertedAt: time('alerted_at'),
  },
  (table) => [primaryKey({ columns: [table.account, table.source] }), index('sign_in_failures_last_idx').on(table.lastFailureAt)],
);

/**
 * Customers' API keys for `/v1`, by SHA-256 of the secret only (32 random bytes: a fast hash is
 * enough). svc-chat verifies requests against its own copy, fed by the issued/revoked events.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Hex SHA-256 of the whole secret, prefix included: what svc-chat looks a bearer up by. */
    secretHash: text('secret_hash').notNull(),
    /** Shown in lists so the owner can tell keys apart without the secret. */
    lastFour: text('last_four').notNull(),
    monthlyCreditCap: bigint('monthly_credit_cap', { mode: 'number' }),
    allowedAgents: jsonb('allowed_agents').$type<string[]>(),
    expiresAt: time('expires_at'),
    createdAt: time('created_at').notNull().defaultNow(),
    revokedAt: time('revoked_at'),
    /**
     * A team key's team: it spends from the team's pool while `userId` is a member. No foreign key:
     * deleting the team revokes its keys (in that transaction) and the rows stay for the audit, never
     * turning into personal keys. Null: a personal key.
     */
    organisationId: uuid('organisation_id'),
  },
  (table) => [
    uniqueIndex('api_keys_secret_hash_idx').on(table.secretHash),
    index('api_keys_user_idx').on(table.userId),
    index('api_keys_organisation_idx').on(table.organisationId, table.userId),
  ],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;

export const schema = {
  identitySignupsDaily,
  signInFailures,
  users,
  signingKeys,
  sessions,
  refreshTokens,
  linkCodes,
  otpCodes,
  phoneCodes,
  mfaFactors,
  mfaRecoveryCodes,
  mfaChallenges,
  mailbox,
  rateLimits,
  apiKeys,
  organisations,
  organisationMembers,
  organisationInvitations,
  organisationActivity,
};
export type IdentitySchema = typeof schema;
