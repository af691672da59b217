import type { Course } from '@agentdock/contracts';
import { formatCoursePrice } from '@agentdock/ui';

/** "$25 per month" or "$99 one-time": a course's price with how it is paid. */
export function coursePrice(course: Pick<Course, 'priceMinor' | 'currency' | 'billing'>): string {
  return formatCoursePrice(course.priceMinor, course.currency, course.billing);
}

/** What the price buys: "$25 per month, cancel anytime." or "$99 one-time, yours to keep." */
export function priceTerms(course: Pick<Course, 'priceMinor' | 'currency' | 'billing'>): string {
  return `${coursePrice(course)}, ${course.billing === 'one_time' ? 'yours to keep' : 'cancel anytime'}.`;
}

/** "64%": a share (0–1) as a whole percentage. */
export function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}
