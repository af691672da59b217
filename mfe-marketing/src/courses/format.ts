import { formatPrice } from '@agentdock/ui';

/** "$25 per month": a course's monthly price. */
export function perMonth(priceMinor: number, currency: string): string {
  return `${formatPrice(priceMinor, currency)} per month`;
}
