import { pgTable, primaryKey, text, timestamp } from '@agentdock/service-data/pg-core';

/**
 * Billing's own copy of who may buy and change a team's seats: each member's role, fed by
 * identity's organisation events (billing never reads identity's tables). A removed member's row
 * stays with `role` null, and `lastEventAt` keeps a late, older event from bringing them back.
 */
export const organisationRoles = pgTable(
  'organisation_roles',
  {
    organisationId: text('organisation_id').notNull(),
    userId: text('user_id').notNull(),
    role: text('role', { enum: ['owner', 'admin', 'member'] }),
    lastEventAt: timestamp('last_event_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.organisationId, table.userId] })],
);

export type OrganisationRoleRow = typeof organisationRoles.$inferSelect;

/** One payment-provider customer per team, made at its first checkout: the team's invoices are not its buyer's. */
export const organisationCustomers = pgTable('organisation_customers', {
  organisationId: text('organisation_id').primaryKey(),
  customerId: text('customer_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
