import { sql } from '@agentdock/service-kit/orm';
import { boolean, check, pgTable, text, timestamp, uniqueIndex, uuid } from '@agentdock/service-kit/pg-core';

/** User profiles (spec §3). Credentials, sessions and tokens arrive with the identity issue. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    fullName: text('full_name'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isSuspended: boolean('is_suspended').notNull().default(false),
    subscriptionTier: text('subscription_tier').notNull().default('free'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${table.email})`),
    check('users_tier_check', sql`${table.subscriptionTier} in ('free', 'starter', 'professional', 'enterprise')`),
  ],
);

export const schema = { users };
export type IdentitySchema = typeof schema;
