import { boolean, integer, pgTable, text, timestamp } from '@agentdock/service-kit/pg-core';

/**
 * Billing's own copy of what it needs from the catalog's plans (prices and payment price ids),
 * kept current by `catalog.plan.changed` events, so checkout never reads another service's tables.
 */
export const planPrices = pgTable('plan_prices', {
  planId: text('plan_id').primaryKey(),
  name: text('name').notNull(),
  tier: text('tier').notNull(),
  monthlyPriceCents: integer('monthly_price_cents'),
  monthlyPriceId: text('monthly_price_id'),
  annualPriceCents: integer('annual_price_cents'),
  annualPriceId: text('annual_price_id'),
  platformCreditsLimit: integer('platform_credits_limit'),
  apiCallsLimit: integer('api_calls_limit'),
  isActive: boolean('is_active').notNull(),
  /** Tombstone: a late event about a deleted plan must not bring it back. */
  deleted: boolean('deleted').notNull().default(false),
  /** occurredAt of the newest event applied; older redeliveries are ignored. */
  lastEventAt: timestamp('last_event_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export type PlanPriceRow = typeof planPrices.$inferSelect;

export const schema = { planPrices };
export type BillingSchema = typeof schema;
