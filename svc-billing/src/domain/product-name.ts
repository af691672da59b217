import { COMMUNITY_COURSE_ID, SUBSCRIPTION_TIER_LABELS } from '@agentdock/contracts';
import type { StoredSubscription } from './subscription-machine';

/** What a subscription sells, as the customer knows it; `courseNames` from billing's course prices. */
export function productName(product: StoredSubscription['product'], courseNames: ReadonlyMap<string, string>): string {
  if (product.kind === 'plan') return `${SUBSCRIPTION_TIER_LABELS[product.tier]} plan`;
  if (product.courseId === COMMUNITY_COURSE_ID) return 'Community membership';
  return `${courseNames.get(product.courseId) ?? product.courseId} course`;
}
