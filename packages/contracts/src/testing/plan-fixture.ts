import type { input } from 'zod/mini';
import type { Plan, planCreate } from '../catalog/plan';

/** An admin create body as sent: the fields with defaults may be left out. */
type PlanCreateBody = input<typeof planCreate>;

/** A valid plan as the catalog serves it (Starter's figures), for tests on either side of the API. */
export function planFixture(overrides: Partial<Plan> = {}): Plan {
  return {
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
    features: ['1,000,000 platform credits per month', 'Access to 5 AI agents'],
    notIncluded: ['Advanced analytics'],
    cta: 'Get Started',
    highlight: false,
    customPrice: false,
    isActive: true,
    sortOrder: 1,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
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
