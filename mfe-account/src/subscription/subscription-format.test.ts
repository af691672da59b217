import type { BillingSubscription } from '@agentdock/contracts';
import { canCancel, canResume, formatDate, pricePerMonth, statusLabel, statusTone } from './subscription-format';

const subscription = (overrides: Partial<BillingSubscription> = {}): BillingSubscription => ({
  id: 'sub_1',
  kind: 'plan',
  name: 'Starter plan',
  tier: 'starter',
  courseId: null,
  status: 'active',
  price: { unitAmount: 5_000, currency: 'usd', interval: 'month' },
  currentPeriodStart: 1_798_761_600,
  currentPeriodEnd: 1_801_440_000,
  cancelAtPeriodEnd: false,
  graceEndsAt: null,
  trial: null,
  ...overrides,
});

describe('subscription card formatting', () => {
  it('quotes every price per month, an annual one with what is billed each year', () => {
    expect(pricePerMonth({ unitAmount: 5_000, currency: 'usd', interval: 'month' })).toBe('$50 per month');
    expect(pricePerMonth({ unitAmount: 54_000, currency: 'usd', interval: 'year' })).toBe('$45 per month, billed annually at $540');
    expect(pricePerMonth({ unitAmount: 102_050, currency: 'eur', interval: 'year' })).toBe('€85.04 per month, billed annually at €1,020.50');
  });

  it('offers to resume only a running subscription set to end', () => {
    expect(canResume(subscription({ cancelAtPeriodEnd: true }))).toBe(true);
    expect(canResume(subscription({ cancelAtPeriodEnd: true, status: 'past_due' }))).toBe(true);
    expect(canResume(subscription({ cancelAtPeriodEnd: false }))).toBe(false);
    expect(canResume(subscription({ cancelAtPeriodEnd: true, status: 'canceled' }))).toBe(false);
  });

  it('reads statuses with spaces and picks the icon tone', () => {
    expect(statusLabel('past_due')).toBe('past due');
    expect(['active', 'canceled', 'past_due', 'incomplete'].map(statusTone)).toEqual(['active', 'canceled', 'past-due', 'other']);
    expect(formatDate(1_798_761_600)).toBe('January 1, 2027');
  });

  it('offers cancellation only for an active subscription not already ending', () => {
    expect(canCancel(subscription())).toBe(true);
    expect(canCancel(subscription({ cancelAtPeriodEnd: true }))).toBe(false);
    expect(canCancel(subscription({ status: 'past_due' }))).toBe(false);
    // A free trial can be cancelled before it turns into a charge.
    expect(canCancel(subscription({ status: 'trialing' }))).toBe(true);
  });
});
