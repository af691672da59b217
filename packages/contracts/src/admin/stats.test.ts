import { daysOfRange, rangeBounds, type StatsRange, statsRangeQuery } from './stats';

const DAY_MS = 86_400_000;

/** What every service's stats query runs on: the range as the query parser lets it through. */
const boundsOf = (range: StatsRange) => rangeBounds(statsRangeQuery.parse(range));

describe('rangeBounds: the instants a stats range covers', () => {
  // The admin console's presets (the last 7, 30 and 90 days, today included) and a year.
  it.each([
    [7, '2026-03-01', '2026-03-07', '2026-03-01T00:00:00.000Z', '2026-03-08T00:00:00.000Z'],
    [30, '2026-02-06', '2026-03-07', '2026-02-06T00:00:00.000Z', '2026-03-08T00:00:00.000Z'],
    [90, '2025-12-08', '2026-03-07', '2025-12-08T00:00:00.000Z', '2026-03-08T00:00:00.000Z'],
    [365, '2025-03-08', '2026-03-07', '2025-03-08T00:00:00.000Z', '2026-03-08T00:00:00.000Z'],
  ])('covers a %i-day range from midnight UTC on its first day to midnight UTC after its last', (days, from, to, start, end) => {
    const bounds = boundsOf({ from, to });
    expect(bounds).toEqual({ start: new Date(start), end: new Date(end) });
    expect(bounds.end.getTime() - bounds.start.getTime()).toBe(days * DAY_MS);
    // The days the figures are laid out on are exactly the days the bounds cover.
    const listed = daysOfRange({ from, to });
    expect([listed.length, listed[0], listed.at(-1)]).toEqual([days, from, to]);
  });

  it('covers one whole UTC day when the range starts and ends on it', () => {
    expect(boundsOf({ from: '2026-03-05', to: '2026-03-05' })).toEqual({ start: new Date('2026-03-05T00:00:00.000Z'), end: new Date('2026-03-06T00:00:00.000Z') });
  });

  it('holds the last millisecond of the last day and not the first of the next (the end is exclusive)', () => {
    const { start, end } = boundsOf({ from: '2026-03-01', to: '2026-03-07' });
    const inside = (iso: string) => {
      const time = Date.parse(iso);
      return time >= start.getTime() && time < end.getTime();
    };
    expect(inside('2026-03-01T00:00:00.000Z')).toBe(true);
    expect(inside('2026-02-28T23:59:59.999Z')).toBe(false);
    expect(inside('2026-03-07T23:59:59.999Z')).toBe(true);
    expect(inside('2026-03-08T00:00:00.000Z')).toBe(false);
  });

  it('counts whole UTC days across a month end, a year end and a leap day', () => {
    expect(boundsOf({ from: '2026-01-31', to: '2026-02-01' })).toEqual({ start: new Date('2026-01-31T00:00:00.000Z'), end: new Date('2026-02-02T00:00:00.000Z') });
    expect(boundsOf({ from: '2025-12-31', to: '2026-01-01' })).toEqual({ start: new Date('2025-12-31T00:00:00.000Z'), end: new Date('2026-01-02T00:00:00.000Z') });
    expect(boundsOf({ from: '2024-02-28', to: '2024-03-01' })).toEqual({ start: new Date('2024-02-28T00:00:00.000Z'), end: new Date('2024-03-02T00:00:00.000Z') });
    expect(daysOfRange({ from: '2024-02-28', to: '2024-03-01' })).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    // The longest range, a leap year: 366 days.
    const leapYear = boundsOf({ from: '2024-01-01', to: '2024-12-31' });
    expect(leapYear).toEqual({ start: new Date('2024-01-01T00:00:00.000Z'), end: new Date('2025-01-01T00:00:00.000Z') });
    expect(leapYear.end.getTime() - leapYear.start.getTime()).toBe(366 * DAY_MS);
  });

  it.each([
    ['a day not written YYYY-MM-DD', { from: '2026-3-1', to: '2026-03-07' }, ['from']],
    ['a time of day', { from: '2026-03-01T00:00:00Z', to: '2026-03-07' }, ['from']],
    ['an empty day', { from: '2026-03-01', to: '' }, ['to']],
    ['a missing end', { from: '2026-03-01' }, ['to']],
    ['a month that does not exist', { from: '2026-13-01', to: '2026-13-02' }, []],
    ['an end before the start', { from: '2026-03-07', to: '2026-03-06' }, ['to']],
    ['367 days', { from: '2025-03-06', to: '2026-03-07' }, ['to']],
  ])('never reaches rangeBounds with %s: the query is refused', (_case, query, path) => {
    const parsed = statsRangeQuery.safeParse(query);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(path);
  });

  // JavaScript's date parser rolls these over into the next month (2026-02-30 is 2 March), so a
  // range that starts on one would count days other than those it names.
  it.each(['2026-02-29', '2026-02-30', '2026-04-31', '2026-01-32'])('refuses %s, a day the calendar does not have, rather than counting another day', (day) => {
    expect(statsRangeQuery.safeParse({ from: day, to: '2026-05-31' }).success).toBe(false);
    expect(statsRangeQuery.safeParse({ from: '2026-01-01', to: day }).success).toBe(false);
  });
});
