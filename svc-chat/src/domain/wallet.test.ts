import { addMonth } from './wallet';
import { lastDays } from './history';

describe('periods and usage days', () => {
  it('moves a period one calendar month on, clamping to the month end', () => {
    expect(addMonth(new Date('2026-01-31T10:00:00Z')).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonth(new Date('2026-11-23T00:00:00Z')).toISOString()).toBe('2026-12-23T00:00:00.000Z');
  });

  it('lists the last 30 UTC days, oldest first, ending today', () => {
    const days = lastDays(new Date('2026-03-01T23:00:00Z'));
    expect(days).toHaveLength(30);
    expect(days[0]).toBe('2026-01-31');
    expect(days.at(-1)).toBe('2026-03-01');
  });
});
