import { formatPrice } from '@agentdock/ui';

/** "$25 per month": the course's monthly price (the course contract still carries whole dollars). */
export function perMonth(wholeDollars: number): string {
  return `${formatPrice(wholeDollars * 100, 'usd')} per month`;
}
