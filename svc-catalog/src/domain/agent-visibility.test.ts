import { SUBSCRIPTION_TIERS, type SubscriptionTier } from '@agentdock/contracts';
import { isAgentVisibleTo } from './agent-visibility';
import { SEED_AGENTS } from './seed-agents';

const agentOf = (tier: SubscriptionTier, isActive = true) => ({ tier, isActive });
const visibleTiers = (userTier: SubscriptionTier | undefined) => SUBSCRIPTION_TIERS.filter((tier) => isAgentVisibleTo(agentOf(tier), userTier));

describe('agent visibility by tier (spec §5)', () => {
  it.each([
    ['free', ['free']],
    ['starter', ['free', 'starter']],
    ['professional', ['free', 'starter', 'professional']],
    ['enterprise', ['free', 'starter', 'professional', 'enterprise']],
  ] as const)('a %s user sees agents of tiers %j', (userTier, expected) => {
    expect(visibleTiers(userTier)).toEqual(expected);
  });

  it('treats a user without a tier as free', () => {
    expect(visibleTiers(undefined)).toEqual(['free']);
  });

  it('hides inactive agents from every tier, even the highest', () => {
    for (const userTier of SUBSCRIPTION_TIERS) expect(isAgentVisibleTo(agentOf('free', false), userTier)).toBe(false);
  });

  it('gives the seeded catalogue 3 agents on free, 5 on starter and all 10 on professional (spec §9)', () => {
    const count = (userTier: SubscriptionTier) => SEED_AGENTS.filter((agent) => isAgentVisibleTo(agent, userTier)).length;
    expect(SEED_AGENTS).toHaveLength(10);
    expect([count('free'), count('starter'), count('professional'), count('enterprise')]).toEqual([3, 5, 10, 10]);
  });
});
