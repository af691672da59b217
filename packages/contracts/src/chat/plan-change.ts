/**
 * What a plan change does to the month's allowance, written once: svc-chat applies it to the
 * wallet's plan credits and its API calls alike, the pricing FAQ and the README quote
 * `PLAN_CHANGE_RULE_TEXT`. Plain functions, no zod, so every bundle can take them.
 *
 * A plan change never refills the month. Usage already counted stays counted; an upgrade adds
 * the difference between the two plans' allowances for the part of the month still to run (the
 * way the card provider prorates the price), never past the new plan's full allowance; a
 * downgrade leaves what the new plan allows after this month's usage (never below zero).
 * Purchased credits are a separate bucket and never touched.
 */

/** A monthly allowance as the wallet holds it: what the month granted, and what of it is left. */
export interface MonthAllowance {
  /** Granted this month (the plan's allowance, or less after a prorated upgrade). */
  granted: number;
  /** Still to spend. Above `granted` only after support added some by hand. */
  remaining: number;
}

export const PLAN_CHANGE_RULE_TEXT =
  'A plan change keeps what you have used this month: an upgrade adds the difference between the two plans’ monthly credits and API calls for the rest of the month, a downgrade leaves what the new plan allows after this month’s usage, and your refill date stays the same. Purchased credits are never affected.';

/**
 * The part of `[start, end)` still to run at `at`, between 0 and 1: the share of an upgrade's
 * difference the rest of the month earns.
 *
 * @example
 * remainingShare(new Date('2026-11-01'), new Date('2026-12-01'), new Date('2026-11-16')); // 0.5
 */
export function remainingShare(start: Date, end: Date, at: Date): number {
  const length = end.getTime() - start.getTime();
  if (length <= 0) return 0;
  return Math.min(1, Math.max(0, (end.getTime() - at.getTime()) / length));
}

/** What has been spent of the month's allowance (never negative, even after a hand-made addition). */
export function usedOf(month: MonthAllowance): number {
  return Math.max(0, month.granted - month.remaining);
}

/**
 * The month's allowance after changing from a plan allowing `from` a month to one allowing `to`,
 * with `share` of the month still to run (`remainingShare`). Rounded down: a fraction of a credit
 * is never granted.
 *
 * @example
 * // Pro (2,000,000) with 584,000 spent, down to Starter (1,000,000): 416,000 left.
 * allowanceAfterPlanChange({ granted: 2_000_000, remaining: 1_416_000 }, { from: 2_000_000, to: 1_000_000, share: 0.9 });
 * // → { granted: 1_000_000, remaining: 416_000 }
 * // And back up to Pro with 90 % of the month to run: 900,000 more.
 * allowanceAfterPlanChange({ granted: 1_000_000, remaining: 416_000 }, { from: 1_000_000, to: 2_000_000, share: 0.9 });
 * // → { granted: 1_900_000, remaining: 1_316_000 }
 */
export function allowanceAfterPlanChange(month: MonthAllowance, change: { from: number; to: number; share: number }): MonthAllowance {
  const used = usedOf(month);
  if (change.to >= change.from) {
    const prorated = Math.floor((change.to - change.from) * Math.min(1, Math.max(0, change.share)));
    const added = Math.max(0, Math.min(prorated, change.to - month.granted));
    return { granted: month.granted + added, remaining: month.remaining + added };
  }
  const remaining = Math.min(month.remaining, Math.max(0, change.to - used));
  return { granted: Math.max(used, Math.min(month.granted, change.to)), remaining };
}

/**
 * A plan change that starts a new billing period before the old one ended (monthly ↔ annual: the
 * card provider credits the unused part of the old price and charges the new one from now). The
 * old month is paid for the part that ran (`1 − share` of it); usage beyond what that part earned
 * is carried into the new month, so switching back and forth never yields a fresh allowance.
 *
 * @example
 * // 1,900,000 of Pro's 2,000,000 spent on the first day, then annual: 1,900,000 carried.
 * allowanceAfterPeriodRestart({ granted: 2_000_000, remaining: 100_000 }, { to: 2_000_000, share: 1 });
 * // → { granted: 2_000_000, remaining: 100_000 }
 */
export function allowanceAfterPeriodRestart(month: MonthAllowance, change: { to: number; share: number }): MonthAllowance {
  const earned = Math.floor(month.granted * (1 - Math.min(1, Math.max(0, change.share))));
  const carried = Math.max(0, usedOf(month) - earned);
  return { granted: Math.max(change.to, carried), remaining: Math.max(0, change.to - carried) };
}
