import type { SubscriptionTier } from './tier';

// Kept apart from tier.ts so a page that only names tiers does not pull zod into its bundle.
/** How a tier is named to people (badges, account pages), the same on every screen. */
export const SUBSCRIPTION_TIER_LABELS: Record<SubscriptionTier, string> = {
  free: 'Free',
  starter: 'Starter',
  professional: 'Professional',
  enterprise: 'Enterprise',
};
