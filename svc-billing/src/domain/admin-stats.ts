import { type BillingStats, daysOfRange, type MoneyByCurrency, rangeBounds, type StatsRange } from '@agentdock/contracts';
import { type Db } from '@agentdock/service-data';
import { and, eq, gt, gte, inArray, lt, sql, type SQLWrapper } from '@agentdock/service-data/orm';
import { trialFigures } from './trial-stats';
import { billingConversionsDaily, billingPaymentsDaily, billingSubscriptionGroups, billingSubscriptionsObservedDaily, cancellationRequests } from '../db/schema';

/** Provider statuses after which a subscription no longer bills (see the subscription machine). */
const ENDED = ['canceled', 'unpaid', 'incomplete_expired'];
const LIVE = ['active', 'past_due'];

const rows = sql<number>`count(*)::int`.mapWith(Number);
const dayOf = (column: unknown) => sql<string>`to_char(${column}, 'YYYY-MM-DD')`;
const total = (expression: unknown) => sql<number>`coalesce(sum(${expression}), 0)::bigint`.mapWith(Number);
const inRange = (column: SQLWrapper, range: StatsRange) => sql`${column} >= ${range.from} and ${column} <= ${range.to}`;

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
 * courses both recur, so both count, each on its own line too (revenue counts both as well). A
 * team's subscription counts its price once per seat (the rollup's amount), and is one customer.
 */
async function recurringRevenue(db: Db) {
  // Checkout refuses a second plan to a paying customer, so a live plan subscription is a customer.
  // Read from the subscriptions-now rollup (migration 0008): a handful of rows, whatever the count.
  const groups = await db
    .select({
      kind: billingSubscriptionGroups.productKind,
      status: billingSubscriptionGroups.status,
      tier: billingSubscriptionGroups.tier,
      interval: billingSubscriptionGroups.interval,
      currency: billingSubscriptionGroups.currency,
      cancelling: billingSubscriptionGroups.cancelAtPeriodEnd,
      team: billingSubscriptionGroups.team,
      customers: sql<number>`sum(${billingSubscriptionGroups.subscriptions})::int`.mapWith(Number),
      amount: total(billingSubscriptionGroups.amount),
      seats: total(billingSubscriptionGroups.seats),
    })
    .from(billingSubscriptionGroups)
    .where(and(inArray(billingSubscriptionGroups.status, LIVE), gt(billingSubscriptionGroups.subscriptions, 0)))
    .groupBy(
      billingSubscriptionGroups.productKind,
      billingSubscriptionGroups.status,
      billingSubscriptionGroups.tier,
      billingSubscriptionGroups.interval,
      billingSubscriptionGroups.currency,
      billingSubscriptionGroups.cancelAtPeriodEnd,
      billingSubscriptionGroups.team,
    );

  const planMrr: Record<string, number> = {};
  const courseMrr: Record<string, number> = {};
  const pastDueMrr: Record<string, number> = {};
  const payingByCurrency: Record<string, number> = {};
  const plans = new Map<string, BillingStats['byPlan'][number] & { share: number }>();
  const people = { paying: 0, pastDue: 0, cancelling: 0, courses: 0 };
  const teams = { subscriptions: 0, seats: 0, mrr: {} as Record<string, number> };
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
    if (group.team) {
      teams.subscriptions += group.customers;
      teams.seats += group.seats;
      addTo(teams.mrr, group.currency, share);
    }
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
    teams: { ...teams, mrr: rounded(teams.mrr) },
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

/**
 * The operator's billing figures for a range, from billing's own rows only: the rollups the triggers
 * of migration 0008 keep (at most one row per day and series), whatever the history.
 */
export async function billingStatsFor(db: Db, range: StatsRange): Promise<BillingStats> {
  const days = daysOfRange(range);
  const { start, end } = rangeBounds(range);
  const series = new Map(days.map((date) => [date, { date, revenue: {} as Record<string, number>, conversions: 0, cancellations: 0 }]));
  const dayOfRow = (date: string) => series.get(date);

  const money = await db
    .select({ day: dayOf(billingPaymentsDaily.day), currency: billingPaymentsDaily.currency, refund: billingPaymentsDaily.refund, amount: billingPaymentsDaily.amount })
    .from(billingPaymentsDaily)
    .where(and(inRange(billingPaymentsDaily.day, range), gt(billingPaymentsDaily.payments, 0)));
  const revenue: Record<string, number> = {};
  const refunds: Record<string, number> = {};
  for (const row of money) {
    addTo(revenue, row.currency, Number(row.amount));
    if (row.refund) addTo(refunds, row.currency, -row.amount);
    const bucket = dayOfRow(row.day);
    if (bucket) addTo(bucket.revenue, row.currency, Number(row.amount));
  }

  // Free → paid: a customer's first plan payment ever, when it falls in the range.
  const conversionRows = await db
    .select({ day: dayOf(billingConversionsDaily.day), count: sql<number>`${billingConversionsDaily.conversions}::int`.mapWith(Number) })
    .from(billingConversionsDaily)
    .where(inRange(billingConversionsDaily.day, range));
  let conversions = 0;
  for (const row of conversionRows) {
    conversions += row.count;
    const bucket = dayOfRow(row.day);
    if (bucket) bucket.conversions += row.count;
  }

  // Logo and MRR churn: plan subscriptions whose end was observed in the range, at the price they had.
  const ended = billingSubscriptionsObservedDaily;
  const endedRows = await db
    .select({
      day: dayOf(ended.day),
      interval: ended.interval,
      currency: ended.currency,
      count: sql<number>`sum(${ended.subscriptions})::int`.mapWith(Number),
      amount: total(ended.amount),
    })
    .from(ended)
    .where(and(eq(ended.productKind, 'plan'), inArray(ended.status, ENDED), inRange(ended.day, range), gt(ended.subscriptions, 0)))
    .groupBy(ended.day, ended.interval, ended.currency);
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
    ...(await trialFigures(db, start, end)),
    days: [...series.values()],
  };
}
