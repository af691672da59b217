import type { Plan } from '../catalog/plan';

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
