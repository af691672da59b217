import * as z from 'zod/mini';
import { CHAT_ADMIN_BASE } from '../chat/endpoints';
import { BILLING_BASE, CATALOG_BASE, IDENTITY_BASE } from '../http/bases';
import { defineEndpoint } from '../http/endpoint';

/** The longest range one stats call covers: a year and a day, so any calendar year fits. */
export const STATS_MAX_DAYS = 366;
const DAY_MS = 86_400_000;

const isoDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.'));

/**
 * Midnight UTC starting a YYYY-MM-DD day, or null for a day the calendar lacks: `Date.parse`
 * alone rolls 2026-02-30 over to 2 March.
 */
export function utcDayStart(day: string): Date | null {
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().startsWith(day) ? new Date(time) : null;
}

const dayNumber = (day: string) => (utcDayStart(day)?.getTime() ?? Number.NaN) / DAY_MS;

/**
 * GET <service>/admin/stats query: whole UTC days, both ends included. Every service reads the
 * same range so the admin console can lay their figures side by side.
 */
export const statsRangeQuery = z.object({ from: isoDay, to: isoDay }).check(
  z.refine((range) => Number.isFinite(dayNumber(range.from)) && Number.isFinite(dayNumber(range.to)), { message: 'Enter a real calendar date.' }),
  z.refine((range) => dayNumber(range.to) >= dayNumber(range.from), { message: 'The end of the range must not be before its start.', path: ['to'] }),
  z.refine((range) => dayNumber(range.to) - dayNumber(range.from) < STATS_MAX_DAYS, {
    message: `Choose a range of at most ${STATS_MAX_DAYS} days.`,
    path: ['to'],
  }),
);
export type StatsRange = z.infer<typeof statsRangeQuery>;

/** Every day of a range, oldest first, as YYYY-MM-DD. */
export function daysOfRange(range: StatsRange): string[] {
  const first = dayNumber(range.from);
  const count = dayNumber(range.to) - first + 1;
  return Array.from({ length: count }, (_unused, index) => new Date((first + index) * DAY_MS).toISOString().slice(0, 10));
}

/** The instants a range covers: [start, end), end being midnight after its last day. */
export function rangeBounds(range: StatsRange): { start: Date; end: Date } {
  return { start: new Date(dayNumber(range.from) * DAY_MS), end: new Date((dayNumber(range.to) + 1) * DAY_MS) };
}

const count = z.number().check(z.int(), z.nonnegative());
const day = z.string();
/** Integer minor units keyed by lower-case ISO currency code; a currency without money is absent. */
const moneyByCurrency = z.record(z.string(), z.number().check(z.int()));
export type MoneyByCurrency = z.infer<typeof moneyByCurrency>;

export const billingStats = z.object({
  /**
   * Now, not at the end of the range: subscriptions keep no history of their price. Every active
   * subscription per month, plans and courses alike (`planMrr` + `courseMrr`), as revenue counts both.
   */
  mrr: moneyByCurrency,
  /** The plans' part of `mrr`. */
  planMrr: moneyByCurrency,
  /** The course subscriptions' part of `mrr` (courses and the community membership). */
  courseMrr: moneyByCurrency,
  /** Active course subscriptions now. */
  courseSubscriptions: count,
  arr: moneyByCurrency,
  /** What past_due subscriptions (plans and courses) would add to MRR once paid; not part of `mrr`. */
  pastDueMrr: moneyByCurrency,
  /** Plan MRR divided by the paying plan customers of that currency (rounded to the minor unit). */
  arpu: moneyByCurrency,
  payingCustomers: count,
  pastDueCustomers: count,
  /** Paying customers whose plan ends at the end of the period they paid for. */
  cancellingCustomers: count,
  /** Plan subscriptions in a free trial now: not paying yet, so not in MRR. */
  trialingCustomers: count,
  /** Plan trials whose end fell in the range, and how many of them were then paid for (trial → paid conversion). */
  trialsEnded: count,
  trialsConverted: count,
  byPlan: z.array(z.object({ tier: z.string(), interval: z.enum(['month', 'year']), currency: z.string(), customers: count, mrr: z.number().check(z.int()) })),
  /** Teams' subscriptions now (active, not past due): how many, the seats they pay for, and their part of `planMrr` (price × seats). */
  teams: z.object({ subscriptions: count, seats: count, mrr: moneyByCurrency }),
  /** Money received in the range, net of refunds made in it: plans, courses and credit packs. */
  revenue: moneyByCurrency,
  refunds: moneyByCurrency,
  /** Customers whose first plan payment fell in the range. */
  conversions: count,
  /** Plan subscriptions that ended in the range (logo churn) and the MRR they had (MRR churn). */
  cancellations: count,
  mrrChurn: moneyByCurrency,
  /**
   * Requests to cancel at period end made in the range (plans and courses), by the reason the
   * customer chose; `reason` null: none given. Most first.
   */
  cancellationReasons: z.array(z.object({ reason: z.nullable(z.string()), count })),
  days: z.array(z.object({ date: day, revenue: moneyByCurrency, conversions: count, cancellations: count })),
});
export type BillingStats = z.infer<typeof billingStats>;

export const identityStats = z.object({
  signUps: count,
  /** Of those sign-ups, the ones whose email address is confirmed now. */
  confirmedSignUps: count,
  days: z.array(z.object({ date: day, signUps: count, confirmedSignUps: count })),
  /** Now, not at the end of the range: teams and the people in them (owners included). */
  teams: z.object({ organisations: count, members: count }),
});
export type IdentityStats = z.infer<typeof identityStats>;

const usageRow = z.object({ messages: count, credits: count });
/** The public API's figures beside the web chat's. */
const apiUsage = { apiRequests: count, apiCredits: count };
export const chatStats = z.object({
  /** Web chat: replies delivered in the range and the credits they cost, net of refunded replies. */
  messages: count,
  credits: count,
  /**
   * Public API (/v1): requests answered in the range (the caller got the reply, or left before its
   * end and paid for what was generated) and the credits charged for them; failed requests cost
   * nothing and are not counted.
   */
  ...apiUsage,
  /** Customers with a web reply in the range. */
  activeCustomers: count,
  days: z.array(z.extend(usageRow, { date: day, ...apiUsage })),
  /** Web chat only, like `activeCustomers`. */
  byAgent: z.array(z.extend(usageRow, { agentId: z.string(), name: z.nullable(z.string()) })),
  topCustomers: z.array(z.extend(usageRow, { userId: z.string() })),
});
export type ChatStats = z.infer<typeof chatStats>;

export const catalogStats = z.object({
  courses: z.array(z.object({ courseId: z.string(), members: count, newMembers: count })),
  /**
   * Lessons marked complete in the range and still marked now: un-marking a lesson removes its
   * completion, and marking it again counts on the day it was marked again.
   */
  lessonCompletions: count,
  days: z.array(z.object({ date: day, newMembers: count, lessonCompletions: count })),
});
export type CatalogStats = z.infer<typeof catalogStats>;

/** How many customers the top-customers list names. */
export const STATS_TOP_CUSTOMERS = 10;

/** Each service computes its own figures from its own rows; the admin console composes them. */
export const ADMIN_STATS_ENDPOINTS = {
  billing: defineEndpoint('GET', BILLING_BASE, '/admin/stats', { query: statsRangeQuery, response: billingStats }),
  identity: defineEndpoint('GET', IDENTITY_BASE, '/admin/stats', { query: statsRangeQuery, response: identityStats }),
  chat: defineEndpoint('GET', CHAT_ADMIN_BASE, '/stats', { query: statsRangeQuery, response: chatStats }),
  catalog: defineEndpoint('GET', CATALOG_BASE, '/admin/stats', { query: statsRangeQuery, response: catalogStats }),
} as const;
