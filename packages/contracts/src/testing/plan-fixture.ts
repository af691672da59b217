import type { input } from 'zod/mini';
import type { Plan, planCreate } from '../catalog/plan';

/** An admin create body as sent: the fields with defaults may be left out. */
type PlanCreateBody = input<typeof planCreate>;

const TIMESTAMP = '2025-01-01T00:00:00.000Z';

/**
 * The four plans as the catalog serves them after its first start: the catalog's seeds
 * (svc-catalog/src/domain/seed-plans.ts, the production data) with what the catalog adds. Front
 * ends may not import a service, so the figures are written here once, and the catalog's plans
 * API test holds its served seeds to this fixture, field for field: every test on either side of
 * the API reads the same plans.
 */
const SEEDED_PLANS = {
  free: {
    id: 'free',
    name: 'Free',
    description: 'Try business AI agents at no cost.',
    tier: 'free',
    currency: 'usd',
    monthly: { amountMinor: 0, priceId: null },
    annual: null,
    annualPerMonthMinor: null,
    realTokensLimit: 500,
    platformCreditsLimit: 50_000,
    apiCallsLimit: 50,
    agentsIncluded: 3,
    features: ['50,000 platform credits per month', 'Access to 3 AI agents', '50 API calls per month', '500 real tokens', 'Community support'],
    notIncluded: ['Premium AI agents', 'Advanced analytics', 'Priority support'],
    cta: 'Get Started Free',
    highlight: false,
    customPrice: false,
    isActive: true,
    sortOrder: 0,
    createdAt: TIMESTAMP,
    updatedAt: TIMESTAMP,
  },
  starter: {
    id: 'starter',
    name: 'Starter',
    description: 'For individuals putting AI agents to work.',
    tier: 'starter',
    currency: 'usd',
    monthly: { amountMinor: 5_000, priceId: 'price_starter_monthly' },
    annual: { amountMinor: 54_000, priceId: 'price_starter_annual' },
    annualPerMonthMinor: 4_500,
    realTokensLimit: 10_000,
    platformCreditsLimit: 1_000_000,
    apiCallsLimit: 250,
    agentsIncluded: 5,
    features: ['1,000,000 platform credits per month', 'Access to 5 AI agents', '250 API calls per month', '10,000 real tokens', 'Standard support'],
    notIncluded: ['All 10 AI agents', 'Advanced analytics', 'Priority support'],
    cta: 'Get Started',
    highlight: false,
    customPrice: false,
    isActive: true,
    sortOrder: 1,
    createdAt: TIMESTAMP,
    updatedAt: TIMESTAMP,
  },
  professional: {
    id: 'professional',
    name: 'Pro',
    description: 'For professionals and teams who rely on AI every day.',
    tier: 'professional',
    currency: 'usd',
    monthly: { amountMinor: 10_000, priceId: 'price_professional_monthly' },
    annual: { amountMinor: 102_000, priceId: 'price_professional_annual' },
    annualPerMonthMinor: 8_500,
    realTokensLimit: 20_000,
    platformCreditsLimit: 2_000_000,
    apiCallsLimit: 500,
    agentsIncluded: 10,
    features: ['2,000,000 platform credits per month', 'Access to all 10 AI agents', '500 API calls per month', '20,000 real tokens', 'Advanced analytics', 'Priority support'],
    notIncluded: ['Custom agents', 'Dedicated account manager'],
    cta: 'Upgrade to Pro',
    highlight: true,
    customPrice: false,
    isActive: true,
    sortOrder: 2,
    createdAt: TIMESTAMP,
    updatedAt: TIMESTAMP,
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'Agents, limits and terms tailored to your organisation.',
    tier: 'enterprise',
    currency: 'usd',
    monthly: null,
    annual: null,
    annualPerMonthMinor: null,
    realTokensLimit: null,
    platformCreditsLimit: null,
    apiCallsLimit: null,
    agentsIncluded: null,
    features: ['Custom platform credits', 'All AI agents plus custom agents', 'Custom API call limits', 'Dedicated account manager', 'Custom contracts and invoicing'],
    notIncluded: [],
    cta: 'Contact Sales',
    highlight: false,
    customPrice: true,
    isActive: true,
    sortOrder: 3,
    createdAt: TIMESTAMP,
    updatedAt: TIMESTAMP,
  },
} satisfies Record<string, Plan>;

export type SeededPlanId = keyof typeof SEEDED_PLANS;

/** One of the seeded plans as the catalog serves it, a fresh copy each call (tests may change it). */
export function seededPlanFixture(id: SeededPlanId, overrides: Partial<Plan> = {}): Plan {
  // A JSON copy, as the plan arrives over the API (jsdom test environments have no structuredClone).
  return { ...(JSON.parse(JSON.stringify(SEEDED_PLANS[id])) as Plan), ...overrides };
}

/** The four seeded plans in the catalog's display order (free, starter, professional, enterprise). */
export function seededPlansFixture(): Plan[] {
  return (Object.keys(SEEDED_PLANS) as SeededPlanId[]).map((id) => seededPlanFixture(id));
}

/** A valid plan as the catalog serves it (the seeded Starter), for tests on either side of the API. */
export function planFixture(overrides: Partial<Plan> = {}): Plan {
  return seededPlanFixture('starter', overrides);
}

/** The smallest admin create body the catalog accepts: a throwaway Starter-tier plan with token limits of 1. */
export function planCreateFixture(overrides: Partial<PlanCreateBody> & Pick<PlanCreateBody, 'id'>): PlanCreateBody {
  return {
    name: 'Fault',
    tier: 'starter',
    monthly: { amountMinor: 1_000, priceId: null },
    annual: null,
    realTokensLimit: 1,
    platformCreditsLimit: 1,
    apiCallsLimit: 1,
    agentsIncluded: 1,
    features: [],
    notIncluded: [],
    cta: 'Go',
    ...overrides,
  };
}
