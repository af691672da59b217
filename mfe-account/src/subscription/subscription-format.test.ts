import type { BillingSubscription } from '@agentdock/contracts';
import { canCancel, formatAmount, formatDate, statusLabel, statusTone } from './subscription-format';

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
  ...overrides,
});

describe('subscription card formatting', () => {
  it('shows minor units as an amount with the currency upper-cased', () => {
    expect(formatAmount({ unitAmount: 5_000, currency: 'usd', interval: 'month' })).toBe('50.00 USD');
    expect(formatAmount({ unitAmount: 102_050, currency: 'eur', interval: 'year' })).toBe('1020.50 EUR');
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
  });
});
