import type { SubscriptionTier } from './tier';

// Kept apart from tier.ts so a page that only names tiers does not pull zod into its bundle.
/**
 * How a tier is named to people (badges, legends, account and admin pages), the same on every
 * screen: the professional tier is sold as "Pro", so it is called that everywhere.
 */
export const SUBSCRIPTION_TIER_LABELS: Record<SubscriptionTier, string> = {
  free: 'Free',
  starter: 'Starter',
  professional: 'Pro',
  enterprise: 'Enterprise',
};
