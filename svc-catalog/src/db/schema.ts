import { sql } from '@agentdock/service-kit/orm';
import { boolean, check, integer, jsonb, pgTable, text, timestamp } from '@agentdock/service-kit/pg-core';

/** Subscription plans. Money is kept in cents so no price ever passes through a float. */
export const plans = pgTable('subscription_plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  tier: text('tier', { enum: ['free', 'starter', 'professional', 'enterprise'] }).notNull(),
  monthlyPriceCents: integer('monthly_price_cents'),
  monthlyPriceId: text('monthly_price_id'),
  annualPriceCents: integer('annual_price_cents'),
  annualPriceId: text('annual_price_id'),
  realTokensLimit: integer('real_tokens_limit'),
  platformCreditsLimit: integer('platform_credits_limit'),
  apiCallsLimit: integer('api_calls_limit'),
  agentsIncluded: integer('agents_included'),
  features: jsonb('features').$type<string[]>().notNull().default([]),
  notIncluded: jsonb('not_included').$type<string[]>().notNull().default([]),
  cta: text('cta').notNull(),
  highlight: boolean('highlight').notNull().default(false),
  customPrice: boolean('custom_price').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (table) => [
  check('subscription_plans_tier_check', sql`${table.tier} in ('free', 'starter', 'professional', 'enterprise')`),
  check('subscription_plans_prices_check', sql`coalesce(${table.monthlyPriceCents}, 0) >= 0 and coalesce(${table.annualPriceCents}, 0) >= 0`),
]);

export type PlanRow = typeof plans.$inferSelect;

export const schema = { plans };
export type CatalogSchema = typeof schema;
