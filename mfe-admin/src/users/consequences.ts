import { formatCreditCount, SUBSCRIPTION_TIER_LABELS, SUBSCRIPTION_TIERS, type SubscriptionTier } from '@agentdock/contracts';

const rank = (tier: SubscriptionTier) => SUBSCRIPTION_TIERS.indexOf(tier);

/** "Starter and Pro": the tiers above `low` up to and including `high`, named as customers know them. */
function tiersBetween(low: SubscriptionTier, high: SubscriptionTier): string {
  const names = SUBSCRIPTION_TIERS.filter((tier) => rank(tier) > rank(low) && rank(tier) <= rank(high)).map((tier) => SUBSCRIPTION_TIER_LABELS[tier]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
}

export interface PlanChange {
  /** How the customer is named: their name, else their email. */
  who: string;
  from: SubscriptionTier;
  to: SubscriptionTier;
  /** Their plan credits now (the wallet's plan part); undefined when not known. */
  planCredits?: number;
}

/**
 * What an admin's plan change does, in words. It is identity's tier alone: agents follow it at once,
 * chat starts the new tier's monthly plan credits from today (the unused ones end, bought ones stay),
 * and billing is not involved, so no card is charged or refunded.
 *
 * @example planChangeConsequence({ who: 'Ana', from: 'professional', to: 'starter' });
 * // 'Ana will lose Pro agents now and moves from Pro to Starter. …'
 */
export function planChangeConsequence({ who, from, to, planCredits }: PlanChange): string {
  if (from === to) return `${who} is already on ${SUBSCRIPTION_TIER_LABELS[to]}.`;
  const names = { from: SUBSCRIPTION_TIER_LABELS[from], to: SUBSCRIPTION_TIER_LABELS[to] };
  const upgrade = rank(to) > rank(from);
  const access = upgrade
    ? `${who} moves from ${names.from} to ${names.to} now and gets ${tiersBetween(from, to)} agents.`
    : `${who} will lose ${tiersBetween(to, from)} agents now and moves from ${names.from} to ${names.to}.`;
  const remaining = planCredits === undefined ? 'Their remaining plan credits' : `Their ${formatCreditCount(planCredits)} remaining plan credits`;
  const credits = `${remaining} end and ${names.to}’s monthly plan credits start today; purchased credits stay.`;
  const billing = upgrade ? 'Their card is not charged.' : 'Their card is not charged or refunded.';
  return `${access} ${credits} ${billing} Billing is not changed: a paid subscription renews at the price they chose.`;
}

/** What suspending does: every session ends, and nothing works for them until reactivated; billing goes on. */
export function suspendConsequence(who: string): string {
  return `${who} will be signed out everywhere now and cannot sign in, chat or use their API keys until reactivated. Billing is not changed: a paid subscription keeps renewing and their card is still charged.`;
}

/** What reactivating does: they may sign in again, with the plan and credits they had. */
export function reactivateConsequence(who: string, tier: SubscriptionTier): string {
  return `${who} can sign in again now, with their ${SUBSCRIPTION_TIER_LABELS[tier]} plan and the credits they had; their API keys work again. They sign in afresh: the sessions ended by the suspension stay ended.`;
}
