import { SUBSCRIPTION_TIERS, type SubscriptionTier } from '@agentdock/contracts';

/**
 * Spec §5: a user sees the active agents whose tier is at or below their own (access is
 * cumulative: starter sees free and starter, enterprise sees all); no tier counts as free.
 *
 * @example
 * isAgentVisibleTo({ tier: 'starter', isActive: true }, 'professional'); // true
 * isAgentVisibleTo({ tier: 'starter', isActive: true }, undefined);      // false
 */
export function isAgentVisibleTo(agent: { tier: SubscriptionTier; isActive: boolean }, userTier: SubscriptionTier | undefined): boolean {
  return agent.isActive && tierRank(agent.tier) <= tierRank(userTier ?? 'free');
}

function tierRank(tier: SubscriptionTier): number {
  return SUBSCRIPTION_TIERS.indexOf(tier);
}
