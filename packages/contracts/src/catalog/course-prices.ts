import { COMMUNITY_COURSE_ID } from '../billing/public-values';
import type { COURSE_IDS } from './course';

/** The courses first sold, all by the month: the four seeded courses and the community course. */
export type PricedCourseId = (typeof COURSE_IDS)[number] | typeof COMMUNITY_COURSE_ID;

/** A course's monthly subscription price, in integer minor units of `currency`. */
export interface CourseMonthlyPrice {
  priceMinor: number;
  currency: string;
}

/**
 * What each first course cost a month ($25, $150, $70, $100, and the $50 community course): the
 * catalog seeds its courses and shows the community offer at these prices; svc-billing's migration
 * 0011 seeds its course prices with the same figures. Afterwards the console edits a course's price
 * (ADR 0012).
 */
export const COURSE_MONTHLY_PRICES = {
  'ai-fundamentals': { priceMinor: 2_500, currency: 'usd' },
  'build-ai-agents': { priceMinor: 15_000, currency: 'usd' },
  'advanced-implementation': { priceMinor: 7_000, currency: 'usd' },
  'customer-service': { priceMinor: 10_000, currency: 'usd' },
  [COMMUNITY_COURSE_ID]: { priceMinor: 5_000, currency: 'usd' },
} as const satisfies Record<PricedCourseId, CourseMonthlyPrice>;
