import { TEAM_ROLES } from '@agentdock/contracts';
import { sql } from '@agentdock/service-data/orm';
import { check, index, integer, isOneOf, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from '@agentdock/service-data/pg-core';
import { users } from './schema';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'none'] as const;

/**
 * Teams (migration 0007). `paidSeats` and `subscriptionStatus` are billing's, as its
 * `billing.seats.changed` events last reported them (`seatsReportedAt`: the newest applied).
 */
export const organisations = pgTable(
  'organisations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    paidSeats: integer('paid_seats').notNull().default(0),
    subscriptionStatus: text('subscription_status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('none'),
    seatsReportedAt: time('seats_reported_at'),
    createdAt: time('created_at').notNull().defaultNow(),
    updatedAt: time('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('organisations_slug_idx').on(table.slug),
    check('organisations_subscription_status_check', isOneOf(table.subscriptionStatus, SUBSCRIPTION_STATUSES)),
    check('organisations_paid_seats_check', sql`${table.paidSeats} >= 0`),
  ],
);
export type OrganisationRow = typeof organisations.$inferSelect;

/** Who belongs to which team; the partial unique index keeps a second owner out. */
export const organisationMembers = pgTable(
  'organisation_members',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: TEAM_ROLES }).notNull(),
    joinedAt: time('joined_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organisationId, table.userId] }),
    uniqueIndex('organisation_members_one_owner_idx')
      .on(table.organisationId)
      .where(sql`${table.role} = 'owner'`),
    index('organisation_members_user_idx').on(table.userId),
    check('organisation_members_role_check', isOneOf(table.role, TEAM_ROLES)),
  ],
);
export type OrganisationMemberRow = typeof organisationMembers.$inferSelect;

/** Emailed invitations, by SHA-256 of the link's token only; a resend replaces the hash and the expiry. */
export const organisationInvitations = pgTable(
  'organisation_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'member'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: time('created_at').notNull().defaultNow(),
    sentAt: time('sent_at').notNull().defaultNow(),
    expiresAt: time('expires_at').notNull(),
    acceptedAt: time('accepted_at'),
    revokedAt: time('revoked_at'),
  },
  (table) => [
    uniqueIndex('organisation_invitations_token_idx').on(table.tokenHash),
    index('organisation_invitations_org_idx').on(table.organisationId),
    check('organisation_invitations_role_check', sql`${table.role} in ('admin', 'member')`),
  ],
);
export type OrganisationInvitationRow = typeof organisationInvitations.$inferSelect;

/** The team page's activity log: who did what to whom, kept as it was said (emails, not ids that may go). */
export const organisationActivity = pgTable(
  'organisation_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    actorEmail: text('actor_email'),
    subject: text('subject'),
    detail: text('detail'),
    createdAt: time('created_at').notNull().defaultNow(),
  },
  (table) => [index('organisation_activity_org_idx').on(table.organisationId, table.createdAt)],
);
