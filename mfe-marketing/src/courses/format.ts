import { formatDollars } from '../pricing/plan-price';

/** "$25 per month": the course's monthly price. */
export function perMonth(price: number): string {
  return `${formatDollars(price)} per month`;
}
