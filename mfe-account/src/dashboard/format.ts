/**
 * How the dashboard shows figures: grouped digits for counts, K and M for token counts and chart
 * axes, dates in the reader's locale. `locale` is undefined in the app (the browser's own) and
 * fixed only by tests.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole number with the locale's digit grouping, e.g. 1,000,000. */
export function formatCount(value: number, locale?: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}

/**
 * Token counts and axis labels: "M" from a million, "K" from a thousand, at most one decimal
 * (1.5M, 12.3K, 999). A value that rounds up to the next unit moves to it (999,950 is 1M, not 1000K).
 */
export function formatCompact(value: number, locale?: string): string {
  const oneDecimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const abs = Math.abs(value);
  const rounded = (divisor: number) => Math.round((abs / divisor) * 10) / 10;
  const sign = value < 0 ? '-' : '';
  if (abs >= 1_000_000 || rounded(1_000) >= 1_000) return `${sign}${oneDecimal.format(rounded(1_000_000))}M`;
  if (abs >= 1_000) return `${sign}${oneDecimal.format(rounded(1_000))}K`;
  return formatCount(value, locale);
}

/**
 * Days until renewal = the day difference between the renewal date and now, rounded up (a renewal
 * 25 hours away is 2 days away); never below 0.
 */
export function daysUntil(target: Date | string, now: Date = new Date()): number {
  const ms = new Date(target).getTime() - now.getTime();
  return Math.max(0, Math.ceil(ms / DAY_MS));
}

/** value / limit as a percentage in 0–100; an empty limit is 0 %. */
export function percentOf(value: number, limit: number): number {
  if (!(limit > 0)) return 0;
  return Math.min(100, Math.max(0, (value / limit) * 100));
}

/** A date in the reader's locale, e.g. "23 November 2026" or "November 23, 2026". */
export function formatDate(value: Date | string, locale?: string): string {
  return new Date(value).toLocaleDateString(locale, { year: 'numeric', month: 'long', day: 'numeric' });
}

/**
 * A calendar day given as YYYY-MM-DD (the usage series). It names a day, not an instant, so it is
 * shown as that day whatever the reader's time zone.
 */
export function formatDay(day: string, locale?: string, style: 'short' | 'long' = 'short'): string {
  const options: Intl.DateTimeFormatOptions =
    style === 'short' ? { month: 'short', day: 'numeric', timeZone: 'UTC' } : { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' };
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(locale, options);
}

/** An amount in integer minor units, e.g. 2500 USD is $25.00. */
export function formatMoney(minorUnits: number, currency: string, locale?: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(minorUnits / 100);
}
