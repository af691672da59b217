import type { input } from 'zod/mini';
import { DEFAULT_PLANS } from '../catalog/default-plans';
import type { Plan, planCreate } from '../catalog/plan';

/** An admin create body as sent: the fields with defaults may be left out. */
type PlanCreateBody = input<typeof planCreate>;

const TIMESTAMP = '2025-01-01T00:00:00.000Z';

/**
 * What the catalog adds to each default plan when it serves it: the yearly price per month,
 * written out (not computed) so the catalog's plans API test, which holds its served seeds to this
 * fixture field for field, checks the catalog's rounding too.
 */
const ANNUAL_PER_MONTH_MINOR = { free: null, starter: 4_500, professional: 8_500, enterprise: null } as const;

export type SeededPlanId = keyof typeof ANNUAL_PER_MONTH_MINOR;

function servedPlan(id: SeededPlanId): Plan {
  const created = DEFAULT_PLANS.find((plan) => plan.id === id);
  if (!created) throw new Error(`DEFAULT_PLANS has no plan ${id}`);
  return {
    ...created,
    annualPerMonthMinor: ANNUAL_PER_MONTH_MINOR[id],
    createdAt: TIMESTAMP,
    updatedAt: TIMESTAMP,
  };
}

/** One of the seeded plans as the catalog serves it, a fresh copy each call (tests may change it). */
export function seededPlanFixture(id: SeededPlanId, overrides: Partial<Plan> = {}): Plan {
  // A JSON copy, as the plan arrives over the API (jsdom test environments have no structuredClone).
  return { ...(JSON.parse(JSON.stringify(servedPlan(id))) as Plan), ...overrides };
}

/** The four seeded plans in the catalog's display order (free, starter, professional, enterprise). */
export function seededPlansFixture(): Plan[] {
  return (Object.keys(ANNUAL_PER_MONTH_MINOR) as SeededPlanId[]).map((id) => seededPlanFixture(id));
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
