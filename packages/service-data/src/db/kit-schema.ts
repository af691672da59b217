import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Tables the kit adds to every service database (its own migrations, its own journal table), so
 * that the outbox and the processed-event ledger live in the same transaction as each service's
 * state.
 */

/** Events written in the same transaction as the state change they describe; the relay ships them. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey(),
    // Events of one transaction share created_at (the transaction's start); the sequence keeps
    // the order in which they were written, so the relay publishes them in that order.
    sequence: bigserial('sequence', { mode: 'number' }).notNull(),
    subject: text('subject').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    // Set when the relay gave up on the row (see OutboxRelay): it no longer holds back the events
    // behind it and waits for an operator.
    parkedAt: timestamp('parked_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('outbox_unpublished_idx')
      .on(table.sequence)
      .where(sql`${table.publishedAt} is null and ${table.parkedAt} is null`),
    // The relay's sweep deletes published rows by age, oldest first (`OutboxRelay.sweepPublished`).
    index('outbox_published_idx')
      .on(table.publishedAt)
      .where(sql`${table.publishedAt} is not null`),
  ],
);

/** One row per (consumer, event) applied; a redelivered event finds its row and has no effect. */
export const processedEvents = pgTable(
  'processed_events',
  {
    consumer: text('consumer').notNull(),
    eventId: uuid('event_id').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.consumer, table.eventId] })],
);

/**
 * Whether a user is suspended, as this service last heard from svc-identity's events. `changedAt`
 * is the event's time, so a late redelivery of an older event cannot undo a newer one.
 */
export const suspendedUsers = pgTable('suspended_users', {
  userId: text('user_id').primaryKey(),
  suspended: boolean('suspended').notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Sessions svc-identity ended whose access tokens may still be unexpired: refused until `until`
 * (when the last of them expires), then forgotten.
 */
export const revokedSessions = pgTable(
  'revoked_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    until: timestamp('until', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('revoked_sessions_until_idx').on(table.until)],
);

/**
 * Admin actions this service applied, written in the same transaction as the change (see
 * recordAdminAction) and served to admins at GET /api/<service>/admin/audit.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: uuid('id').primaryKey(),
    // Orders entries (newest first) and pages them, even when several share one millisecond.
    sequence: bigserial('sequence', { mode: 'number' }).notNull(),
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    subjectUserId: text('subject_user_id'),
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('admin_audit_sequence_idx').on(table.sequence),
    index('admin_audit_actor_idx').on(table.actorId, table.sequence),
    index('admin_audit_subject_idx').on(table.subjectUserId, table.sequence),
  ],
);
