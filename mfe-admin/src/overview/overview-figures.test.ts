import type { OverviewStats } from '../api/stats-api';
import { checkRange, dayRows, formatMoney, lastDays, overviewCsv } from './overview-figures';

const stats: OverviewStats = {
  billing: {
    mrr: {},
    planMrr: {},
    courseMrr: {},
    courseSubscriptions: 0,
    arr: {},
    pastDueMrr: {},
    arpu: {},
    payingCustomers: 0,
    pastDueCustomers: 0,
    cancellingCustomers: 0,
    trialingCustomers: 0,
    trialsEnded: 0,
    trialsConverted: 0,
    byPlan: [],
    teams: { subscriptions: 0, seats: 0, mrr: {} },
    revenue: { usd: 10_050 },
    refunds: {},
    conversions: 1,
    cancellations: 0,
    mrrChurn: {},
    cancellationReasons: [],
    days: [
      { date: '2026-03-01', revenue: { usd: 10_050 }, conversions: 1, cancellations: 0 },
      { date: '2026-03-02', revenue: {}, conversions: 0, cancellations: 0 },
    ],
  },
  identity: { signUps: 3, confirmedSignUps: 2, days: [{ date: '2026-03-02', signUps: 3, confirmedSignUps: 2 }], teams: { organisations: 0, members: 0 } },
  chat: {
    messages: 7,
    credits: 70,
    apiRequests: 4,
    apiCredits: 44,
    activeCustomers: 1,
    days: [
      { date: '2026-03-01', messages: 7, credits: 70, apiRequests: 1, apiCredits: 4 },
      { date: '2026-03-02', messages: 0, credits: 0, apiRequests: 3, apiCredits: 40 },
    ],
    byAgent: [],
    topCustomers: [],
  },
  catalog: {
    courses: [],
    lessonCompletions: 5,
    days: [
      { date: '2026-03-01', newMembers: 0, lessonCompletions: 2 },
      { date: '2026-03-02', newMembers: 1, lessonCompletions: 3 },
    ],
  },
};

describe('overview figures', () => {
  it('counts presets back from today in UTC, today included', () => {
    expect(lastDays(7, Date.parse('2026-03-07T23:30:00Z'))).toEqual({ from: '2026-03-01', to: '2026-03-07' });
  });

  it('refuses a custom range with a sentence for the field at fault', () => {
    expect(checkRange({ from: '2026-03-01', to: '2026-03-05' })).toEqual({ range: { from: '2026-03-01', to: '2026-03-05' } });
    expect(checkRange({ from: '', to: '2026-03-05' })).toEqual({ field: 'from', message: 'Enter a date as YYYY-MM-DD.' });
    expect(checkRange({ from: '2025-01-01', to: '2026-03-05' })).toEqual({ field: 'to', message: 'Choose a range of at most 366 days.' });
  });

  it('joins every service’s days and writes them as CSV', () => {
    expect(dayRows(stats)[1]).toEqual({
      date: '2026-03-02',
      revenue: {},
      signUps: 3,
      confirmedSignUps: 2,
      conversions: 0,
      cancellations: 0,
      messages: 0,
      credits: 0,
      apiRequests: 3,
      apiCredits: 40,
      newCourseMembers: 1,
      lessonCompletions: 3,
    });
    expect(overviewCsv(stats)).toBe(
      'date,revenue_usd,sign_ups,confirmed_sign_ups,conversions,cancellations,web_messages,web_credits_spent,api_requests,api_credits_spent,new_course_members,lesson_completions\n' +
        '2026-03-01,100.50,0,0,1,0,7,70,1,4,0,2\n' +
        '2026-03-02,0,3,2,0,0,0,0,3,40,1,3\n',
    );
  });

  it('shows money in each currency it exists in', () => {
    expect(formatMoney({})).toBe('$0');
    expect(formatMoney({ usd: 5_000, eur: 1_999 })).toBe('€19.99 · $50');
  });
});
