import { type BillingStats, daysOfRange, type MoneyByCurrency, rangeBounds, type StatsRange } from '@agentdock/contracts';
import { type Db } from '@agentdock/service-data';
import { and, eq, gte, inArray, lt, sql } from '@agentdock/service-data/orm';
import { cancellationRequests, payments, planConversions, subscriptions } from '../db/schema';

/** Provider statuses after which a subscription no longer bills (see the subscription machine). */
const ENDED = ['canceled', 'unpaid', 'incomplete_expired'];
const LIVE = ['active', 'past_due'];

const isPlan = eq(subscriptions.productKind, 'plan');
const tierOf = sql<string>`coalesce(${subscriptions.tier}, '')`;
const dayOf = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
const total = (expression: unknown) => sql<number>`coalesce(sum(${expression}), 0)::bigint`.mapWith(Number);
const rows = sql<number>`count(*)::int`.mapWith(Number);

/** What one subscription adds to MRR: an annual price counts for a twelfth each month. */
const monthlyShare = (amount: number, interval: string) => (interval === 'year' ? amount / 12 : amount);

function addTo(money: Record<string, number>, currency: string, amount: number) {
  money[currency] = (money[currency] ?? 0) + amount;
}

const rounded = (money: Record<string, number>): MoneyByCurrency => Object.fromEntries(Object.entries(money).map(([currency, amount]) => [currency, Math.round(amount)]));

/**
 * MRR as Baremetrics and ChartMogul count it: every active subscription at its current price per
 * month (annual prices divided by twelve), including those set to cancel at the end of the period
 * they paid for, which still pay until then; past_due subscriptions are kept apart. Plans and
 * courses both recur, so both count, each on its own line too (revenue counts both as well).
 */
async function recurringRevenue(db: Db) {
  // Checkout refuses a second plan to a paying customer, so a live plan subscription is a customer.
  const groups = await db
    .select({
      kind: subscriptions.productKind,
      status: subscriptions.status,
      tier: tierOf,
      interval: subscriptions.interval,
      currency: subscriptions.currency,
      cancelling: subscriptions.cancelAtPeriodEnd,
      customers: rows,
      amount: total(subscriptions.unitAmount),
    })
    .from(subscriptions)
    .where(inArray(subscriptions.status, LIVE))
    .groupBy(subscriptions.productKind, subscriptions.status, tierOf, subscriptions.interval, subscriptions.currency, subscriptions.cancelAtPeriodEnd);

  const planMrr: Record<string, number> = {};
  const courseMrr: Record<string, number> = {};
  const pastDueMrr: Record<string, number> = {};
  const payingByCurrency: Record<string, number> = {};
  const plans = new Map<string, BillingStats['byPlan'][number] & { share: number }>();
  const people = { paying: 0, pastDue: 0, cancelling: 0, courses: 0 };
  for (const group of groups) {
    const share = monthlyShare(group.amount, group.interval);
    if (group.status === 'past_due') {
      addTo(pastDueMrr, group.currency, share);
      if (group.kind === 'plan') people.pastDue += group.customers;
      continue;
    }
    if (group.kind === 'course') {
      addTo(courseMrr, group.currency, share);
      people.courses += group.customers;
      continue;
    }
    addTo(planMrr, group.currency, share);
    addTo(payingByCurrency, group.currency, group.customers);
    people.paying += group.customers;
    if (group.cancelling) people.cancelling += group.customers;
    const interval = group.interval === 'year' ? 'year' : 'month';
    const key = `${group.tier}/${interval}/${group.currency}`;
    const plan = plans.get(key) ?? { tier: group.tier, interval, currency: group.currency, customers: 0, mrr: 0, share: 0 };
    plan.customers += group.customers;
    plan.share += share;
    plans.set(key, plan);
  }
  const mrr: Record<string, number> = { ...planMrr };
  for (const [currency, amount] of Object.entries(courseMrr)) addTo(mrr, currency, amount);
  const byPlan = [...plans.values()].map(({ share, ...plan }) => ({ ...plan, mrr: Math.round(share) })).sort((a, b) => b.mrr - a.mrr || a.tier.localeCompare(b.tier));
  const arr = Object.fromEntries(Object.entries(mrr).map(([currency, amount]) => [currency, amount * 12]));
  const arpu = Object.fromEntries(Object.entries(planMrr).map(([currency, amount]) => [currency, amount / (payingByCurrency[currency] ?? 1)]));
  return {
    mrr: rounded(mrr),
    planMrr: rounded(planMrr),
    courseMrr: rounded(courseMrr),
    courseSubscriptions: people.courses,
    arr: rounded(arr),
    pastDueMrr: rounded(pastDueMrr),
    arpu: rounded(arpu),
    byPlan,
    payingCustomers: people.paying,
    pastDueCustomers: people.pastDue,
    cancellingCustomers: people.cancelling,
  };
}

/** Requests to cancel made in the range, by the reason given (none: null), most first. */
async function cancellationReasons(db: Db, start: Date, end: Date): Promise<BillingStats['cancellationReasons']> {
  const counted = await db
    .select({ reason: cancellationRequests.reason, count: rows })
    .from(cancellationRequests)
    .where(and(gte(cancellationRequests.requestedAt, start), lt(cancellationRequests.requestedAt, end)))
    .groupBy(cancellationRequests.reason);
  // Most first; on a tie named reasons alphabetically, then those given none.
  const order = (row: { reason: string | null }) => (row.reason === null ? 1 : 0);
  return counted.sort((a, b) => b.count - a.count || order(a) - order(b) || (a.reason ?? '').localeCompare(b.reason ?? ''));
}

/** The operator's billing figures for a range, from billing's own rows only. */
export async function billingStatsFor(db: Db, range: StatsRange): Promise<BillingStats> {
  const { start, end } = rangeBounds(range);
  const days = daysOfRange(range);
  const series = new Map(days.map((date) => [date, { date, revenue: {} as Record<string, number>, conversions: 0, cancellations: 0 }]));
  const dayOfRow = (date: string) => series.get(date);

  const paid = dayOf(payments.paidAt);
  const money = await db
    .select({ day: paid, currency: payments.currency, refund: sql<boolean>`${payments.kind} = 'refund'`, amount: total(payments.amount) })
    .from(payments)
    .where(and(gte(payments.paidAt, start), lt(payments.paidAt, end)))
    .groupBy(paid, payments.currency, sql`${payments.kind} = 'refund'`);
  const revenue: Record<string, number> = {};
  const refunds: Record<string, number> = {};
  for (const row of money) {
    addTo(revenue, row.currency, row.amount);
    if (row.refund) addTo(refunds, row.currency, -row.amount);
    const bucket = dayOfRow(row.day);
    if (bucket) addTo(bucket.revenue, row.currency, row.amount);
  }

  // Free → paid: a customer's first plan payment ever, when it falls in the range.
  const converted = dayOf(planConversions.convertedAt);
  const conversionRows = await db
    .select({ day: converted, count: rows })
    .from(planConversions)
    .where(and(gte(planConversions.convertedAt, start), lt(planConversions.convertedAt, end)))
    .groupBy(converted);
  let conversions = 0;
  for (const row of conversionRows) {
    conversions += row.count;
    const bucket = dayOfRow(row.day);
    if (bucket) bucket.conversions += row.count;
  }

  // Logo and MRR churn: plan subscriptions whose end was observed in the range, at the price they had.
  const endedDay = sql<string>`to_char(to_timestamp(${subscriptions.observedAt}) at time zone 'UTC', 'YYYY-MM-DD')`;
  const endedRows = await db
    .select({ day: endedDay, interval: subscriptions.interval, currency: subscriptions.currency, count: rows, amount: total(subscriptions.unitAmount) })
    .from(subscriptions)
    .where(and(isPlan, inArray(subscriptions.status, ENDED), gte(subscriptions.observedAt, start.getTime() / 1000), lt(subscriptions.observedAt, end.getTime() / 1000)))
    .groupBy(endedDay, subscriptions.interval, subscriptions.currency);
  let cancellations = 0;
  const mrrChurn: Record<string, number> = {};
  for (const row of endedRows) {
    cancellations += row.count;
    addTo(mrrChurn, row.currency, monthlyShare(row.amount, row.interval));
    const bucket = dayOfRow(row.day);
    if (bucket) bucket.cancellations += row.count;
  }

  return {
    ...(await recurringRevenue(db)),
    revenue: rounded(revenue),
    refunds: rounded(refunds),
    conversions,
    cancellations,
    mrrChurn: rounded(mrrChurn),
    cancellationReasons: await cancellationReasons(db, start, end),
    days: [...series.values()],
  };
}
