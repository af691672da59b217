import { COMMUNITY_COURSE_ID } from '../billing/constants';
import type { COURSE_IDS } from './course';

/** Every course sold by the month: the fixed courses and the community course. */
export type PricedCourseId = (typeof COURSE_IDS)[number] | typeof COMMUNITY_COURSE_ID;

/** A course's monthly subscription price, in integer minor units of `currency`. */
export interface CourseMonthlyPrice {
  priceMinor: number;
  currency: string;
}

/**
 * What each course costs a month, defined once: svc-catalog shows it on the course pages and
 * svc-billing charges it at checkout ($25, $150, $70, $100, and the $50 community course).
 */
export const COURSE_MONTHLY_PRICES = {
  'ai-fundamentals': { priceMinor: 2_500, currency: 'usd' },
  'build-ai-agents': { priceMinor: 15_000, currency: 'usd' },
  'advanced-implementation': { priceMinor: 7_000, currency: 'usd' },
  'customer-service': { priceMinor: 10_000, currency: 'usd' },
  [COMMUNITY_COURSE_ID]: { priceMinor: 5_000, currency: 'usd' },
} as const satisfies Record<PricedCourseId, CourseMonthlyPrice>;
