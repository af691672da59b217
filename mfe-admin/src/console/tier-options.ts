import { SUBSCRIPTION_TIER_LABELS, SUBSCRIPTION_TIERS } from '@agentdock/contracts';

export const TIER_OPTIONS = SUBSCRIPTION_TIERS.map((tier) => ({ value: tier, label: SUBSCRIPTION_TIER_LABELS[tier] }));
