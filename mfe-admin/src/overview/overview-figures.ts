import { type MoneyByCurrency, type StatsRange, statsRangeQuery } from '@agentdock/contracts';
import { formatPrice, minorToDecimalText } from '@agentdock/ui';
import type { OverviewStats } from '../api/stats-api';

export const PRESET_DAYS = [7, 30, 90] as const;
export type RangeChoice = `${(typeof PRESET_DAYS)[number]}` | 'custom';

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The last `days` whole UTC days, today included (the services count days in UTC). */
export function lastDays(days: number, now = Date.now()): StatsRange {
  return { from: isoDay(now - (days - 1) * DAY_MS), to: isoDay(now) };
}

/** A custom range as typed, or the sentence that says what is wrong with it (shown beside the field). */
export function checkRange(range: StatsRange): { range: StatsRange } | { field: 'from' | 'to'; message: string } {
  const parsed = statsRangeQuery.safeParse(range);
  if (parsed.success) return { range: parsed.data };
  const issue = parsed.error.issues[0]!;
  const field = issue.path[0] === 'from' ? 'from' : 'to';
  // Only the whole-object checks name no field; a missing or malformed date names its own.
  return { field, message: issue.path.length === 0 && field === 'to' ? 'Enter both dates as real calendar dates.' : issue.message };
}

/** What each figure means, shown in its tooltip; the words operators know from their billing tools. */
export const DEFINITIONS = {
  mrr: 'Monthly recurring revenue now: every active subscription, plans and courses, at the price it pays per month after a promotion code that repeats (a first-payment-only discount is not counted), annual plans counted as a twelfth of their price. Subscriptions set to cancel still count until their paid period ends; past-due ones and free trials are left out. Credit packs are one-off and never count.',
  planMrr: 'The plans’ part of MRR (Starter, Pro, …), the same plans the table below breaks down.',
  courseMrr: 'The course subscriptions’ part of MRR (paid courses and the community membership), with how many are active.',
  arr: 'Annual run rate: MRR (plans and courses) × 12.',
  pastDueMrr: 'What past-due subscriptions (plans and courses) would add to MRR once their invoice is paid.',
  revenue: 'Money collected in the range from plans, courses and credit packs, minus refunds made in the range.',
  payingCustomers: 'Customers with an active paid plan now (past-due ones are counted apart); a team’s subscription is one customer.',
  teamMrr: 'The teams’ part of plan MRR now: each active team subscription at its price per seat × the seats it pays for.',
  teamSeats: 'Seats paid by active team subscriptions now, and how many such subscriptions there are.',
  teamMembers: 'People in teams now (owners included), and how many teams there are.',
  arpu: 'Average revenue per paying customer: plan MRR divided by customers with an active paid plan.',
  signUps: 'Accounts created in the range.',
  confirmedSignUps: 'Of the accounts created in the range, those whose email address is confirmed.',
  conversions: 'Customers whose first plan payment ever fell in the range (free → paid).',
  cancellations: 'Logo churn: paid plans that ended in the range.',
  trialing: 'Plans in a free trial now: not paying yet, so not in MRR.',
  trialConversion: 'Free trials that ended in the range and how many of them were then paid for (trial → paid).',
  cancellationReasons:
    'Requests to cancel at the end of the paid period made in the range (plans and courses), by the reason the customer chose in the cancel dialog; the reason is optional.',
  mrrChurn: 'MRR churn: the monthly revenue those ended plans brought.',
  messages: 'Agent replies delivered in the web chat in the range.',
  credits: 'Credits those web replies cost, not counting replies an admin refunded.',
  apiRequests:
    'Requests to the public API (/v1, with an API key) answered in the range, including those whose caller left before the end of the reply. Requests that failed cost nothing and are not counted.',
  apiCredits: 'Credits charged for those API requests (a caller who left early pays for what was generated).',
  webOnly: 'Web chat replies only: API requests are counted per day, above.',
  courseMembers: 'Members of each course now, and how many joined in the range.',
  lessonCompletions: 'Lessons learners marked complete in the range and still have marked complete (a lesson un-marked no longer counts).',
} as const;

/** Money in each currency it exists in, e.g. "$1,250 · €90"; a range without money shows $0. */
export function formatMoney(money: MoneyByCurrency): string {
  const entries = Object.entries(money).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return formatPrice(0, 'usd');
  return entries.map(([currency, amount]) => formatPrice(amount, currency)).join(' · ');
}

export interface DayRow {
  date: string;
  revenue: MoneyByCurrency;
  signUps: number;
  confirmedSignUps: number;
  conversions: number;
  cancellations: number;
  messages: number;
  credits: number;
  apiRequests: number;
  apiCredits: number;
  newCourseMembers: number;
  lessonCompletions: number;
}

/** One row per day of the range with every service's figure for it. */
export function dayRows(stats: OverviewStats): DayRow[] {
  const byDate = <T extends { date: string }>(days: T[]) => new Map(days.map((day) => [day.date, day]));
  const identity = byDate(stats.identity.days);
  const chat = byDate(stats.chat.days);
  const catalog = byDate(stats.catalog.days);
  return stats.billing.days.map((day) => ({
    date: day.date,
    revenue: day.revenue,
    signUps: identity.get(day.date)?.signUps ?? 0,
    confirmedSignUps: identity.get(day.date)?.confirmedSignUps ?? 0,
    conversions: day.conversions,
    cancellations: day.cancellations,
    messages: chat.get(day.date)?.messages ?? 0,
    credits: chat.get(day.date)?.credits ?? 0,
    apiRequests: chat.get(day.date)?.apiRequests ?? 0,
    apiCredits: chat.get(day.date)?.apiCredits ?? 0,
    newCourseMembers: catalog.get(day.date)?.newMembers ?? 0,
    lessonCompletions: catalog.get(day.date)?.lessonCompletions ?? 0,
  }));
}

/** The currencies any day collected money in, so a table and a file have one column each. */
export function currenciesOf(rows: readonly DayRow[], stats: OverviewStats): string[] {
  const all = new Set([...Object.keys(stats.billing.revenue), ...rows.flatMap((row) => Object.keys(row.revenue))]);
  return [...(all.size === 0 ? new Set(['usd']) : all)].sort();
}

export type ChartMetric = { key: string; label: string; value: (row: DayRow) => number };

/** What the chart can draw, one series at a time (revenue in whole currency units). */
export function chartMetrics(currencies: readonly string[]): ChartMetric[] {
  return [
    ...currencies.map((currency) => ({ key: `revenue-${currency}`, label: `Revenue (${currency.toUpperCase()})`, value: (row: DayRow) => (row.revenue[currency] ?? 0) / 100 })),
    { key: 'signUps', label: 'Sign-ups', value: (row) => row.signUps },
    { key: 'conversions', label: 'Conversions', value: (row) => row.conversions },
    { key: 'messages', label: 'Web messages', value: (row) => row.messages },
    { key: 'credits', label: 'Web credits', value: (row) => row.credits },
    { key: 'apiRequests', label: 'API requests', value: (row) => row.apiRequests },
    { key: 'apiCredits', label: 'API credits', value: (row) => row.apiCredits },
    { key: 'lessonCompletions', label: 'Lesson completions', value: (row) => row.lessonCompletions },
  ];
}

const csvCell = (value: string | number) => (/[",\n]/.test(String(value)) ? `"${String(value).replaceAll('"', '""')}"` : String(value));

/** The per-day figures as a CSV file (amounts in currency units with their decimals). */
export function overviewCsv(stats: OverviewStats): string {
  const rows = dayRows(stats);
  const currencies = currenciesOf(rows, stats);
  const header = [
    'date',
    ...currencies.map((currency) => `revenue_${currency}`),
    'sign_ups',
    'confirmed_sign_ups',
    'conversions',
    'cancellations',
    'web_messages',
    'web_credits_spent',
    'api_requests',
    'api_credits_spent',
    'new_course_members',
    'lesson_completions',
  ];
  const lines = rows.map((row) => [
    row.date,
    ...currencies.map((currency) => minorToDecimalText(row.revenue[currency] ?? 0)),
    row.signUps,
    row.confirmedSignUps,
    row.conversions,
    row.cancellations,
    row.messages,
    row.credits,
    row.apiRequests,
    row.apiCredits,
    row.newCourseMembers,
    row.lessonCompletions,
  ]);
  return [header, ...lines].map((line) => line.map(csvCell).join(',')).join('\n') + '\n';
}
