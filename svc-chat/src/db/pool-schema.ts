import { sql } from '@agentdock/service-data/orm';
import { bigint, check, date, pgTable, primaryKey, text, timestamp, uuid } from '@agentdock/service-data/pg-core';

/**
 * The members of each team whose credit pool they spend from, with the monthly cap an owner or
 * admin may set (null: none). Roles come from identity's organisation events; a removed member's
 * row stays with `role` null and is refused from that event on, and `lastEventAt` keeps a late,
 * older event from bringing them back. `spent` is what the member reserved and was charged in the
 * pool's credit period `spentPeriod` (a new period starts it again at 0), changed only under the
 * row lock in the reservation's and the settlement's transactions. `lastActiveAt` is the last
 * time the member spent from the pool (a reservation), written under that same lock: the Team
 * page's "last active" is activity in the team's workspace, which chat alone sees.
 */
export const chatPoolMembers = pgTable(
  'chat_pool_members',
  {
    organisationId: uuid('organisation_id').notNull(),
    userId: uuid('user_id').notNull(),
    role: text('role', { enum: ['owner', 'admin', 'member'] }),
    monthlyCap: bigint('monthly_cap', { mode: 'number' }),
    spent: bigint('spent', { mode: 'number' }).notNull().default(0),
    spentPeriod: timestamp('spent_period', { withTimezone: true, mode: 'date' }),
    lastEventAt: timestamp('last_event_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    primaryKey({ columns: [table.organisationId, table.userId] }),
    check('chat_pool_members_spent_check', sql`${table.spent} >= 0`),
    check('chat_pool_members_cap_check', sql`${table.monthlyCap} is null or ${table.monthlyCap} >= 0`),
  ],
);

export type PoolMemberRow = typeof chatPoolMembers.$inferSelect;

/**
 * Per team, member and UTC day: the replies charged to the pool (settlements) and the credits the
 * member spent from it (reservations less what settlements and releases gave back), kept by a
 * trigger on the pool's ledger rows in the transaction that writes them (migration 0018), so the
 * Team page's usage chart reads one row per member and day whatever the range.
 */
export const chatPoolMemberDaily = pgTable(
  'chat_pool_member_daily',
  {
    organisationId: uuid('organisation_id').notNull(),
    userId: uuid('user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    messages: bigint('messages', { mode: 'number' }).notNull().default(0),
    credits: bigint('credits', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.organisationId, table.day, table.userId] })],
);
