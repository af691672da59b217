import type { PlanCreate } from './plan';

/**
 * The four plans (free, starter, professional, enterprise) the catalog seeds on its first start.
 * They live here rather than in svc-catalog because the front ends' tests read the same plans
 * (`seededPlansFixture` in the testing entry adds what the catalog serves with them) and a front
 * end may not import a service: one copy of the figures for both sides of the API.
 *
 * API-call allowances use the dashboard's reading (250 / 500), the figures the platform enforces;
 * the pricing page's 5k / 100k reading would advertise limits nobody applies. Price ids are the
 * local test-mode payment provider's; a deployment with real payment prices sets them through the
 * admin plan editor. The bullets stating credits, agents, API calls and tokens are not here: they
 * are written from the limits (`planLimitBullets`); `features` holds the free-text rest.
 */
export const DEFAULT_PLANS: readonly PlanCreate[] = [
  {
    id: 'free',
    name: 'Free',
    description: 'Try business AI agents at no cost.',
    tier: 'free',
    currency: 'usd',
    monthly: { amountMinor: 0, priceId: null },
    annual: null,
    realTokensLimit: 500,
    platformCreditsLimit: 50_000,
    apiCallsLimit: 50,
    agentsIncluded: 3,
    features: ['Community support'],
    notIncluded: ['Premium AI agents', 'Advanced analytics', 'Priority support'],
    cta: 'Get Started Free',
    highlight: false,
    customPrice: false,
    isActive: true,
    sortOrder: 0,
  },
  {
    id: 'starter',
    name: 'Starter',
    description: 'For individuals putting AI agents to work.',
    tier: 'starter',
    currency: 'usd',
    monthly: { amountMinor: 5_000, priceId: 'price_starter_monthly' },
    annual: { amountMinor: 54_000, priceId: 'price_starter_annual' },
    realTokensLimit: 10_000,
    platformCreditsLimit: 1_000_000,
    apiCallsLimit: 250,
    agentsIncluded: 5,
    features: ['Standard support'],
    notIncluded: ['All 10 AI agents', 'Advanced analytics', 'Priority support'],
    cta: 'Get Started',
    highlight: false,
    customPrice: false,
    isActive: true,
    sortOrder: 1,
  },
  {
    id: 'professional',
    name: 'Pro',
    description: 'For professionals and teams who rely on AI every day.',
    tier: 'professional',
    currency: 'usd',
    monthly: { amountMinor: 10_000, priceId: 'price_professional_monthly' },
    annual: { amountMinor: 102_000, priceId: 'price_professional_annual' },
    realTokensLimit: 20_000,
    platformCreditsLimit: 2_000_000,
    apiCallsLimit: 500,
    agentsIncluded: 10,
    features: ['Advanced analytics', 'Priority support'],
    notIncluded: ['Custom agents', 'Dedicated account manager'],
    cta: 'Upgrade to Pro',
    highlight: true,
    customPrice: false,
    isActive: true,
    sortOrder: 2,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'Agents, limits and terms tailored to your organisation.',
    tier: 'enterprise',
    currency: 'usd',
    monthly: null,
    annual: null,
    realTokensLimit: null,
    platformCreditsLimit: null,
    apiCallsLimit: null,
    agentsIncluded: null,
    features: ['All AI agents plus custom agents', 'Dedicated account manager', 'Custom contracts and invoicing'],
    notIncluded: [],
    cta: 'Contact Sales',
    highlight: false,
    customPrice: true,
    isActive: true,
    sortOrder: 3,
  },
];
