import type { RollupDefinition } from '@agentdock/service-data';
import { bigint, boolean, date, pgTable, primaryKey, text } from '@agentdock/service-data/pg-core';

/**
 * The admin figures' rollups (migration 0008), kept by triggers on `subscriptions`, `payments` and
 * `plan_conversions` in the transaction that writes the row, whatever the write path; the views
 * `*_recomputed` state the same figures from the raw rows, for the backfill and `npm run stats:verify`.
 */
/** Money taken per UTC day and currency, refunds (negative amounts) apart. */
export const billingPaymentsDaily = pgTable(
  'billing_payments_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    refund: boolean('refund').notNull(),
    payments: bigint('payments', { mode: 'number' }).notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.currency, table.refund] })],
);

/** First plan payments (free → paid) per UTC day. */
export const billingConversionsDaily = pgTable('billing_conversions_daily', {
  day: date('day', { mode: 'string' }).primaryKey(),
  conversions: bigint('conversions', { mode: 'number' }).notNull().default(0),
});

const subscriptionGroup = {
  productKind: text('product_kind').notNull(),
  status: text('status').notNull(),
  interval: text('interval').notNull(),
  currency: text('currency').notNull(),
  subscriptions: bigint('subscriptions', { mode: 'number' }).notNull().default(0),
  /** The sum of their current prices per billing interval. */
  amount: bigint('amount', { mode: 'number' }).notNull().default(0),
};

/**
 * Subscriptions now, by what MRR groups them by (tier '' when none); a handful of rows. `team`: a
 * team's subscriptions apart (migration 0012), with the seats they pay for; `amount` is every seat's price.
 */
export const billingSubscriptionGroups = pgTable(
  'billing_subscription_groups',
  {
    ...subscriptionGroup,
    tier: text('tier').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull(),
    team: boolean('team').notNull().default(false),
    seats: bigint('seats', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({
      name: 'billing_subscription_groups_pk',
      columns: [table.productKind, table.status, table.tier, table.interval, table.currency, table.cancelAtPeriodEnd, table.team],
    }),
  ],
);

/** Subscriptions by the UTC day their current status was observed (the day an ended one ended: churn). */
export const billingSubscriptionsObservedDaily = pgTable(
  'billing_subscriptions_observed_daily',
  { day: date('day', { mode: 'string' }).notNull(), ...subscriptionGroup },
  (table) => [primaryKey({ name: 'billing_subscriptions_observed_daily_pk', columns: [table.day, table.productKind, table.status, table.interval, table.currency] })],
);

const groupValues = ['subscriptions', 'amount'];

/** Each rollup and the view of migration 0008 that recomputes it from the raw rows (`npm run stats:verify -- billing`). */
export const billingRollups: readonly RollupDefinition[] = [
  { table: 'billing_payments_daily', recomputed: 'billing_payments_daily_recomputed', keys: ['day', 'currency', 'refund'], values: ['payments', 'amount'] },
  { table: 'billing_conversions_daily', recomputed: 'billing_conversions_daily_recomputed', keys: ['day'], values: ['conversions'] },
  {
    table: 'billing_subscription_groups',
    recomputed: 'billing_subscription_groups_recomputed',
    keys: ['product_kind', 'status', 'tier', 'interval', 'currency', 'cancel_at_period_end', 'team'],
    values: [...groupValues, 'seats'],
  },
  {
    table: 'billing_subscriptions_observed_daily',
    recomputed: 'billing_subscriptions_observed_daily_recomputed',
    keys: ['day', 'product_kind', 'status', 'interval', 'currency'],
    values: groupValues,
  },
];
