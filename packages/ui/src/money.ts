/**
 * Money as the platform carries it: integer minor units with a currency. Every currency the
 * platform sells in has two decimals, so a unit is 100 minor units.
 */
const MINOR_PER_UNIT = 100;

/**
 * A price for display: "$50" when whole, "$19.99" otherwise. The amount is divided once, here;
 * Intl rounds the result to the currency's decimals, so no float error can show.
 */
export function formatPrice(amountMinor: number, currency: string, locale = 'en-US'): string {
  const whole = amountMinor % MINOR_PER_UNIT === 0;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amountMinor / MINOR_PER_UNIT);
}

/** Minor units as a person types the decimal amount: 5000 → "50", 1999 → "19.99", 1950 → "19.50". */
export function minorToDecimalText(amountMinor: number): string {
  const units = Math.trunc(amountMinor / MINOR_PER_UNIT);
  const rest = Math.abs(amountMinor % MINOR_PER_UNIT);
  return rest === 0 ? String(units) : `${units}.${String(rest).padStart(2, '0')}`;
}

const DECIMAL_AMOUNT = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

/**
 * A typed amount ("19.99", "1,020", "$50") in minor units, computed from the digits rather than
 * by multiplying a float (19.99 * 100 is 1998.9999999999998); undefined when it is not an amount
 * with at most two decimals.
 */
export function decimalTextToMinor(text: string): number | undefined {
  const match = DECIMAL_AMOUNT.exec(text.trim().replace(/^\$/, '').replaceAll(',', ''));
  if (!match) return undefined;
  const [, units, cents = ''] = match;
  return Number(units) * MINOR_PER_UNIT + Number(cents.padEnd(2, '0'));
}

/** "$25 per month" for a monthly course, "$99 one-time" for one bought with a single payment. */
export function formatCoursePrice(amountMinor: number, currency: string, billing: 'one_time' | 'monthly', locale = 'en-US'): string {
  return `${formatPrice(amountMinor, currency, locale)} ${billing === 'one_time' ? 'one-time' : 'per month'}`;
}
