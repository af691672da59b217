import { COMMUNITY_COURSE_ID, SUBSCRIPTION_TIER_LABELS } from '@agentdock/contracts';
import { COURSE_PRICES } from './checkout-rules';
import type { StoredSubscription } from './subscription-machine';

/** What a subscription sells, as the customer knows it. */
export function productName(product: StoredSubscription['product']): string {
  if (product.kind === 'plan') return `${SUBSCRIPTION_TIER_LABELS[product.tier]} plan`;
  if (product.courseId === COMMUNITY_COURSE_ID) return 'Community membership';
  const course = COURSE_PRICES.find((entry) => entry.courseId === product.courseId);
  return `${course?.name ?? product.courseId} course`;
}
