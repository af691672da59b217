import fc from 'fast-check';
import { allowanceAfterPeriodRestart, allowanceAfterPlanChange, type MonthAllowance, remainingShare, usedOf } from './plan-change';

const PRO = 2_000_000;
const STARTER = 1_000_000;

describe('plan change allowance', () => {
  it('measures the part of the month still to run, between 0 and 1', () => {
    const start = new Date('2026-11-01T00:00:00Z');
    const end = new Date('2026-12-01T00:00:00Z');
    expect(remainingShare(start, end, start)).toBe(1);
    expect(remainingShare(start, end, new Date('2026-11-16T00:00:00Z'))).toBe(0.5);
    expect(remainingShare(start, end, end)).toBe(0);
    expect(remainingShare(start, end, new Date('2026-10-01T00:00:00Z'))).toBe(1);
    expect(remainingShare(start, end, new Date('2027-01-01T00:00:00Z'))).toBe(0);
    expect(remainingShare(end, start, start)).toBe(0);
  });

  it('downgrades to what the new plan leaves after the month’s usage, never below zero', () => {
    expect(allowanceAfterPlanChange({ granted: PRO, remaining: 1_416_000 }, { from: PRO, to: STARTER, share: 0.9 })).toEqual({ granted: STARTER, remaining: 416_000 });
    expect(allowanceAfterPlanChange({ granted: PRO, remaining: 100_000 }, { from: PRO, to: STARTER, share: 0.9 })).toEqual({ granted: 1_900_000, remaining: 0 });
    expect(allowanceAfterPlanChange({ granted: PRO, remaining: PRO }, { from: PRO, to: STARTER, share: 1 })).toEqual({ granted: STARTER, remaining: STARTER });
  });

  it('upgrades by the difference for the rest of the month, rounded down, never past the new plan in all', () => {
    expect(allowanceAfterPlanChange({ granted: STARTER, remaining: 100_000 }, { from: STARTER, to: PRO, share: 0.5 })).toEqual({ granted: 1_500_000, remaining: 600_000 });
    expect(allowanceAfterPlanChange({ granted: STARTER, remaining: 0 }, { from: STARTER, to: PRO, share: 1 / 3 })).toEqual({ granted: 1_333_333, remaining: 333_333 });
    // Pro, 1,900,000 used, down to Starter and straight back: 100,000 more, not 1,000,000.
    const down = allowanceAfterPlanChange({ granted: PRO, remaining: 100_000 }, { from: PRO, to: STARTER, share: 1 });
    expect(allowanceAfterPlanChange(down, { from: STARTER, to: PRO, share: 1 })).toEqual({ granted: PRO, remaining: 100_000 });
  });

  it('restarts a billing period with the usage the elapsed part did not pay for', () => {
    expect(allowanceAfterPeriodRestart({ granted: PRO, remaining: 100_000 }, { to: PRO, share: 1 })).toEqual({ granted: PRO, remaining: 100_000 });
    expect(allowanceAfterPeriodRestart({ granted: PRO, remaining: 1_000_000 }, { to: PRO, share: 0.5 })).toEqual({ granted: PRO, remaining: PRO });
    expect(allowanceAfterPeriodRestart({ granted: PRO, remaining: 0 }, { to: STARTER, share: 0.75 })).toEqual({ granted: 1_500_000, remaining: 0 });
  });

  const month = fc
    .record({ granted: fc.constantFrom(50_000, STARTER, PRO), spent: fc.double({ min: 0, max: 1, noNaN: true }) })
    .map(({ granted, spent }): MonthAllowance => ({ granted, remaining: granted - Math.floor(granted * spent) }));
  const change = fc.record({ to: fc.constantFrom(50_000, STARTER, PRO), share: fc.double({ min: 0, max: 1, noNaN: true }) });

  it('keeps the usage and never grants past the dearest plan held, over any sequence of changes inside a month', () => {
    fc.assert(
      fc.property(month, fc.array(fc.record({ change, spend: fc.double({ min: 0, max: 1, noNaN: true }) }), { maxLength: 20 }), (first, steps) => {
        let current = first;
        let plan = first.granted;
        let dearest = first.granted;
        for (const { change: next, spend } of steps) {
          const spent = Math.floor(current.remaining * spend);
          current = { granted: current.granted, remaining: current.remaining - spent };
          const after = allowanceAfterPlanChange(current, { from: plan, ...next });
          expect(usedOf(after)).toBe(usedOf(current));
          expect(after.remaining).toBeGreaterThanOrEqual(0);
          if (next.to < plan) expect(after.remaining).toBeLessThanOrEqual(current.remaining);
          plan = next.to;
          dearest = Math.max(dearest, plan);
          current = after;
          expect(current.granted).toBeLessThanOrEqual(dearest);
        }
      }),
    );
  });

  it('never frees usage past what the elapsed part of the month paid for when a period restarts', () => {
    fc.assert(
      fc.property(month, change, (before, next) => {
        const after = allowanceAfterPeriodRestart(before, next);
        expect(usedOf(after)).toBeGreaterThanOrEqual(usedOf(before) - before.granted * (1 - next.share));
        expect(after.remaining).toBeLessThanOrEqual(next.to);
        expect(after.remaining).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
