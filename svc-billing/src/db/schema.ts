import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from '@agentdock/service-data/pg-core';
import { billingConversionsDaily, billingPaymentsDaily, billingSubscriptionGroups, billingSubscriptionsObservedDaily } from './stats-schema';
import { organisationCustomers, organisationRoles } from './teams-schema';

export { organisationCustomers, organisationRoles, type OrganisationRoleRow } from './teams-schema';

export { billingConversionsDaily, billingPaymentsDaily, billingRollups, billingSubscriptionGroups, billingSubscriptionsObservedDaily } from './stats-schema';

/**
 * Billing's own copy of what it needs from the catalog's plans (prices and payment price ids),
 * kept current by `catalog.plan.changed` events, so checkout never reads another service's tables.
 */
export const planPrices = pgTable('plan_prices', {
  planId: text('plan_id').primaryKey(),
  name: text('name').notNull(),
  tier: text('tier').notNull(),
  /** The currency of both prices, whose amounts are integer minor units. */
  currency: text('currency').notNull().default('usd'),
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

/**
 * Billing's own copy of what it sells each course for, fed by the catalog's
 * `catalog.course.published` events (seeded by the migration with the courses sold before those
 * events existed, and the community course, which is not a catalog course). Money is integer
 * minor units; `billing` says whether checkout is one payment or a monthly subscription.
 */
export const coursePrices = pgTable('course_prices', {
  courseId: text('course_id').primaryKey(),
  /** What the hosted checkout page and the customer's receipts call it. */
  name: text('name').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  billing: text('billing', { enum: ['one_time', 'monthly'] }).notNull(),
  archived: boolean('archived').notNull().default(false),
  /** occurredAt of the newest event applied; older redeliveries are ignored. */
  lastEventAt: timestamp('last_event_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export type CoursePriceRow = typeof coursePrices.$inferSelect;

/** Courses bought with one payment: lasting access, one row per paid checkout session. */
export const coursePurchases = pgTable(
  'course_purchases',
  {
    sessionId: text('session_id').primaryKey(),
    userId: text('user_id').notNull(),
    courseId: text('course_id').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('course_purchases_user_idx').on(table.userId, table.courseId)],
);

/** One payment-provider customer per user, created on the user's first checkout. */
export const customers = pgTable('customers', {
  userId: text('user_id').primaryKey(),
  customerId: text('customer_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Billing's view of each provider subscription, written only from signed webhooks. `state` holds
 * the state machine's record (see domain/subscription-machine); the columns are what queries need.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    status: text('status').notNull(),
    unitAmount: integer('unit_amount').notNull(),
    currency: text('currency').notNull(),
    interval: text('interval').notNull(),
    /** Epoch seconds of the provider event last applied. */
    observedAt: bigint('observed_at', { mode: 'number' }).notNull(),
    /** Epoch seconds; set while past_due and access still granted. */
    graceEndsAt: bigint('grace_ends_at', { mode: 'number' }),
    state: jsonb('state').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Copies of the state's product and cancel flag, for the operator's figures to read without parsing JSON. */
    productKind: text('product_kind', { enum: ['plan', 'course'] })
      .notNull()
      .default('plan'),
    tier: text('tier'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /**
     * What a repeating or forever discount takes off each billing interval now (integer minor units);
     * MRR counts the price less this. A once-only discount is not recurring revenue and is left out.
     */
    discountAmount: integer('discount_amount').notNull().default(0),
    /** Epoch seconds the subscription's trial ends (or ended); null when it had none. */
    trialEnd: bigint('trial_end', { mode: 'number' }),
    /** A team's subscription: the organisation it pays seats for (null: a person's), and the seats paid. */
    organisationId: text('organisation_id'),
    seats: integer('seats').notNull().default(1),
    /**
     * Counts every write to the row. A webhook reads it before asking the provider for the
     * subscription and stores its answer only if it is unchanged; otherwise something wrote in
     * between from an answer that may be newer than its own, and it asks again.
     */
    revision: integer('revision').notNull().default(0),
  },
  // The overview counts trials that ended in a range.
  (table) => [index('subscriptions_trial_end_idx').on(table.trialEnd), index('subscriptions_organisation_idx').on(table.organisationId)],
);

/** Provider event ids already applied: a replayed webhook has no second effect. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Paid credit-pack checkouts already announced: the purchase is granted once per checkout session,
 * whatever event ids carry it (a replay, or another event about the same session).
 */
export const creditPurchases = pgTable('credit_purchases', {
  sessionId: text('session_id').primaryKey(),
  userId: text('user_id').notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Signed events of another API version than the one billing's code reads: kept unapplied (their
 * shapes may differ: a field read as absent could cancel a paying customer) for an operator to
 * replay once billing is upgraded or the webhook endpoint's version is fixed.
 */
export const parkedWebhookEvents = pgTable('parked_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  apiVersion: text('api_version'),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * Money that moved, one row per provider object (a paid invoice, a paid one-off checkout, a
 * charge's refunds), so revenue figures are sums over rows rather than calls to the provider.
 * Refunds are negative, one row per provider refund, dated when it was made.
 */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    kind: text('kind', { enum: ['plan', 'course', 'credit-pack', 'refund'] }).notNull(),
    subscriptionId: text('subscription_id'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    index('payments_paid_at_idx').on(table.paidAt),
    index('payments_user_idx').on(table.userId, table.paidAt),
    // Whether a trial was then paid for is asked per subscription.
    index('payments_subscription_idx').on(table.subscriptionId),
  ],
);

/**
 * When each customer first paid for a plan (free → paid), kept as payments are recorded so the
 * conversions of a range are read from an index instead of grouping every payment ever made.
 */
export const planConversions = pgTable(
  'plan_conversions',
  {
    userId: text('user_id').primaryKey(),
    convertedAt: timestamp('converted_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('plan_conversions_converted_at_idx').on(table.convertedAt)],
);

/**
 * The customer's invoices and receipts as the provider issued them (subscription charges, and the
 * invoice Checkout makes for a credit pack), from `invoice.*` webhooks: what the Subscription tab
 * lists, with the provider's own hosted page and PDF. `statusRank` and `lastEventAt` keep a late
 * event from moving an invoice back (an `invoice.finalized` arriving after its `invoice.paid`).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    kind: text('kind', { enum: ['plan', 'course', 'credit-pack'] }).notNull(),
    description: text('description').notNull(),
    /** Stripe's billing_reason: subscription_create, subscription_cycle, subscription_update, manual, … */
    billingReason: text('billing_reason'),
    number: text('number'),
    status: text('status').notNull(),
    statusRank: integer('status_rank').notNull(),
    /** Integer minor units; `total` includes `tax` and is after `discount`. */
    total: integer('total').notNull(),
    tax: integer('tax').notNull(),
    discount: integer('discount').notNull().default(0),
    amountPaid: integer('amount_paid').notNull(),
    amountDue: integer('amount_due').notNull(),
    currency: text('currency').notNull(),
    subscriptionId: text('subscription_id'),
    hostedInvoiceUrl: text('hosted_invoice_url'),
    invoicePdfUrl: text('invoice_pdf_url'),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Epoch seconds of the provider event last applied. */
    lastEventAt: bigint('last_event_at', { mode: 'number' }).notNull(),
  },
  (table) => [index('invoices_user_idx').on(table.userId, table.issuedAt)],
);

export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * Each time a customer asked to cancel at period end, with the reason they gave (Stripe's
 * feedback values, or none) and their note: the operator's overview counts them by reason.
 */
export const cancellationRequests = pgTable(
  'cancellation_requests',
  {
    id: text('id').primaryKey(),
    subscriptionId: text('subscription_id').notNull(),
    userId: text('user_id').notNull(),
    productKind: text('product_kind', { enum: ['plan', 'course'] }).notNull(),
    reason: text('reason'),
    comment: text('comment'),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('cancellation_requests_requested_at_idx').on(table.requestedAt)],
);

/**
 * The free trial each plan offers per billing period, set by the operator: days (0: none) and
 * whether a card is asked for up front. A plan and period without a row has no trial.
 */
export const planTrials = pgTable(
  'plan_trials',
  {
    planId: text('plan_id').notNull(),
    billingPeriod: text('billing_period', { enum: ['monthly', 'annual'] }).notNull(),
    days: integer('days').notNull(),
    cardRequired: boolean('card_required').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.planId, table.billingPeriod] })],
);

export type PlanTrialRow = typeof planTrials.$inferSelect;

/** The operator's billing settings: one row (id `default`), written by the admin; no row means the defaults. */
export const billingSettings = pgTable('billing_settings', {
  id: text('id').primaryKey(),
  /** Checkout computes tax (Stripe Tax), collects the billing address and tax ids. Off by default. */
  taxEnabled: boolean('tax_enabled').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const schema = {
  organisationRoles,
  organisationCustomers,
  billingPaymentsDaily,
  billingConversionsDaily,
  billingSubscriptionGroups,
  billingSubscriptionsObservedDaily,
  planPrices,
  customers,
  subscriptions,
  webhookEvents,
  creditPurchases,
  coursePrices,
  coursePurchases,
  parkedWebhookEvents,
  payments,
  planConversions,
  invoices,
  cancellationRequests,
  planTrials,
  billingSettings,
};
export type BillingSchema = typeof schema;
