const numbers = new Intl.NumberFormat('en-US');
const dateTimes = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const formatNumber = (value: number) => numbers.format(value);
export const formatDateTime = (iso: string) => dateTimes.format(new Date(iso));

/** "$50" or "$12.50" per month, as the plan cards show it. */
export function formatPrice(amount: number): string {
  return Number.isInteger(amount) ? `$${numbers.format(amount)}` : `$${amount.toFixed(2)}`;
}
