import { addMonth, allowancePeriod, refillDue } from './wallet';
import { lastDays } from './history';

describe('periods and usage days', () => {
  it('moves a period one calendar month on, clamping to the month end', () => {
    expect(addMonth(new Date('2026-01-31T10:00:00Z')).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonth(new Date('2026-11-23T00:00:00Z')).toISOString()).toBe('2026-12-23T00:00:00.000Z');
  });

  it('refills when the refill date has come, free wallets always, paid ones only before the billing renewal', () => {
    const at = new Date('2026-03-10T00:00:00Z');
    const before = new Date(at.getTime() - 1);
    const later = new Date('2027-01-01T00:00:00Z');
    expect(refillDue({ creditsRefillAt: at, renewsAt: at, selfRenewing: true }, at)).toBe(true);
    expect(refillDue({ creditsRefillAt: at, renewsAt: at, selfRenewing: true }, before)).toBe(false);
    expect(refillDue({ creditsRefillAt: at, renewsAt: later, selfRenewing: false }, at)).toBe(true);
    expect(refillDue({ creditsRefillAt: at, renewsAt: later, selfRenewing: false }, before)).toBe(false);
    // the refill is the billing renewal: billing's renewed event starts the next period
    expect(refillDue({ creditsRefillAt: at, renewsAt: at, selfRenewing: false }, later)).toBe(false);
  });

  it('never schedules a refill past the billing renewal, even one off the anchor day', () => {
    const anchor = new Date('2026-01-10T00:00:00Z');
    expect(allowancePeriod(anchor, anchor, new Date('2026-02-09T12:00:00Z'))).toEqual({ start: anchor, refillsAt: new Date('2026-02-09T12:00:00Z') });
    expect(allowancePeriod(anchor, anchor, new Date('2027-01-10T00:00:00Z'))).toEqual({ start: anchor, refillsAt: new Date('2026-02-10T00:00:00Z') });
    expect(allowancePeriod(anchor, new Date('2026-05-11T00:00:00Z'), null)).toEqual({ start: new Date('2026-05-10T00:00:00Z'), refillsAt: new Date('2026-06-10T00:00:00Z') });
  });

  it('lists the last 30 UTC days, oldest first, ending today', () => {
    const days = lastDays(new Date('2026-03-01T23:00:00Z'));
    expect(days).toHaveLength(30);
    expect(days[0]).toBe('2026-01-31');
    expect(days.at(-1)).toBe('2026-03-01');
  });
});
