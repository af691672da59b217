import { daysUntil, formatCompact, formatCount, formatDay, formatMoney, percentOf } from './format';

describe('days until renewal', () => {
  const now = new Date('2026-11-23T12:00:00.000Z');

  it.each([
    ['exactly one day away', '2026-11-24T12:00:00.000Z', 1],
    ['one hour away', '2026-11-23T13:00:00.000Z', 1],
    ['25 hours away', '2026-11-24T13:00:00.000Z', 2],
    ['ten and a half days away', '2026-12-04T00:00:00.000Z', 11],
    ['now', '2026-11-23T12:00:00.000Z', 0],
    ['already past', '2026-11-20T12:00:00.000Z', 0],
  ])('rounds up the day difference: %s', (_label, target, days) => {
    expect(daysUntil(target, now)).toBe(days);
  });
});

describe('percentages', () => {
  it('credits remaining / limit and calls used / limit, in 0–100', () => {
    expect(percentOf(40_000, 50_000)).toBe(80);
    expect(percentOf(12, 50)).toBe(24);
    expect(percentOf(0, 50)).toBe(0);
    expect(percentOf(60, 50)).toBe(100);
    expect(percentOf(-5, 50)).toBe(0);
  });

  it('an empty limit is 0 %, never NaN or Infinity', () => {
    expect(percentOf(10, 0)).toBe(0);
    expect(percentOf(0, 0)).toBe(0);
  });
});

describe('K and M', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1_000, '1K'],
    [1_234, '1.2K'],
    [12_345, '12.3K'],
    [999_949, '999.9K'],
    [999_950, '1M'],
    [1_000_000, '1M'],
    [1_500_000, '1.5M'],
    [2_000_000, '2M'],
    [1_234_567_890, '1,234.6M'],
    [-1_500, '-1.5K'],
  ])('%d is %s', (value, text) => {
    expect(formatCompact(value, 'en-US')).toBe(text);
  });

  it('grouped digits elsewhere', () => {
    expect(formatCount(1_000_000, 'en-US')).toBe('1,000,000');
    expect(formatCount(25.4, 'en-US')).toBe('25');
    expect(formatCount(1_000_000, 'de-DE')).toBe('1.000.000');
  });
});

describe('dates and money', () => {
  it('a usage day is that calendar day in any time zone', () => {
    expect(formatDay('2026-11-23', 'en-US')).toBe('Nov 23');
    expect(formatDay('2026-11-01', 'en-US', 'long')).toBe('November 1, 2026');
  });

  it('minor units with the currency code', () => {
    expect(formatMoney(2500, 'usd', 'en-US')).toBe('$25.00');
    expect(formatMoney(123456, 'EUR', 'en-US')).toBe('€1,234.56');
  });
});
