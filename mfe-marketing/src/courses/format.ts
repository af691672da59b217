import { formatPrice } from '@agentdock/ui';

/** "$25 per month": a course's monthly price. */
export function perMonth(priceMinor: number, currency: string): string {
  return `${formatPrice(priceMinor, currency)} per month`;
}

/** "64%": a share (0–1) as a whole percentage. */
export function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}
