import type { Plan } from '@agentdock/contracts';
import { planFixture } from '@agentdock/contracts/testing';

/** The spec's four plans as the catalog serves them (only what the pricing tests look at). */
export const PLANS: Record<'free' | 'starter' | 'pro' | 'enterprise', Plan> = {
  free: planFixture({
    id: 'free',
    name: 'Free',
    tier: 'free',
    monthly: { amountMinor: 0, priceId: null },
    annual: null,
    annualPerMonthMinor: null,
    features: ['50,000 platform credits', '3 AI agents'],
    notIncluded: ['Priority support'],
    sortOrder: 0,
  }),
  starter: planFixture({ features: ['1,000,000 platform credits', '5 AI agents'], cta: 'Choose Starter' }),
  pro: planFixture({
    id: 'professional',
    name: 'Pro',
    tier: 'professional',
    monthly: { amountMinor: 10_000, priceId: 'price_professional_monthly' },
    annual: { amountMinor: 102_000, priceId: 'price_professional_annual' },
    annualPerMonthMinor: 8_500,
    features: ['2,000,000 platform credits', 'All 10 AI agents', 'Priority support'],
    notIncluded: [],
    cta: 'Choose Pro',
    highlight: true,
    sortOrder: 2,
  }),
  enterprise: planFixture({
    id: 'enterprise',
    name: 'Enterprise',
    tier: 'enterprise',
    monthly: null,
    annual: null,
    annualPerMonthMinor: null,
    features: ['Custom credits', 'Custom agents'],
    notIncluded: [],
    cta: 'Contact Sales',
    customPrice: true,
    sortOrder: 3,
  }),
};
