import { DEFAULT_PLANS } from './default-plans';
import { planCreate, planPatch, plan } from './plan';
import { planBullets, planLimitBullets, statesPlanLimit } from './plan-bullets';

const limits = { platformCreditsLimit: 1_000_000, agentsIncluded: 5, apiCallsLimit: 250, realTokensLimit: 10_000 };

describe('plan bullets from limits', () => {
  it('writes each limit as its bullet, figures grouped as people read them', () => {
    expect(planLimitBullets(limits)).toEqual(['1,000,000 platform credits per month', 'Access to 5 AI agents', '250 API calls per month', '10,000 real tokens']);
  });

  it('follows a changed limit: the bullet can never disagree with what is enforced', () => {
    expect(planLimitBullets({ ...limits, apiCallsLimit: 300 })).toContain('300 API calls per month');
    expect(planLimitBullets({ ...limits, apiCallsLimit: 300 })).not.toContain('250 API calls per month');
  });

  it('says one in the singular', () => {
    expect(planLimitBullets({ platformCreditsLimit: 1, agentsIncluded: 1, apiCallsLimit: 1, realTokensLimit: 1 })).toEqual([
      '1 platform credit per month',
      'Access to 1 AI agent',
      '1 API call per month',
      '1 real token',
    ]);
  });

  it('reads an empty limit as set by contract, and leaves agents and tokens to the free text', () => {
    expect(planLimitBullets({ platformCreditsLimit: null, agentsIncluded: null, apiCallsLimit: null, realTokensLimit: null })).toEqual([
      'Custom platform credits',
      'Custom API call limits',
    ]);
  });

  it('puts the generated bullets before the free text', () => {
    expect(planBullets({ ...limits, features: ['Standard support'] })).toEqual([...planLimitBullets(limits), 'Standard support']);
  });

  it('keeps the seeded plans’ pricing bullets as they were, now from their limits', () => {
    const starter = DEFAULT_PLANS.find((seed) => seed.id === 'starter')!;
    expect(planBullets(starter)).toEqual(['1,000,000 platform credits per month', 'Access to 5 AI agents', '250 API calls per month', '10,000 real tokens', 'Standard support']);
    const enterprise = DEFAULT_PLANS.find((seed) => seed.id === 'enterprise')!;
    expect(planBullets(enterprise).slice(0, 3)).toEqual(['Custom platform credits', 'Custom API call limits', 'All AI agents plus custom agents']);
    for (const seed of DEFAULT_PLANS) expect(seed.features.filter(statesPlanLimit)).toEqual([]);
  });
});

describe('which free text states a limit', () => {
  it.each([
    '50,000 platform credits per month',
    'Access to all 10 AI agents',
    '500 API calls per month',
    '20,000 real tokens',
    '5k credits',
    'Custom platform credits',
    ' custom API call limits ',
  ])('recognises “%s”', (bullet) => expect(statesPlanLimit(bullet)).toBe(true));

  it.each(['Priority support', 'All AI agents plus custom agents', '24/7 support', 'Advanced analytics', 'Tokens of appreciation'])('leaves “%s” as free text', (bullet) =>
    expect(statesPlanLimit(bullet)).toBe(false),
  );

  it('refuses such a bullet on save, naming the bullet, and still reads a stored one', () => {
    const create = planCreate.safeParse({ ...DEFAULT_PLANS[1], features: ['Standard support', '300 API calls per month'] });
    expect(create.success).toBe(false);
    expect(create.error?.issues[0]?.path).toEqual(['features', 1]);
    expect(create.error?.issues[0]?.message).toMatch(/set the limit instead/);
    expect(planPatch.safeParse({ features: ['Access to all 10 AI agents'] }).success).toBe(false);
    expect(planPatch.safeParse({ features: ['Priority support'] }).success).toBe(true);
    const stored = { ...DEFAULT_PLANS[1], features: ['250 API calls per month'], annualPerMonthMinor: 4_500, createdAt: 'x', updatedAt: 'x' };
    expect(plan.safeParse(stored).success).toBe(true);
  });
});
