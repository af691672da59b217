import { SUBSCRIPTION_TIER_LABELS, type SubscriptionTier } from '@agentdock/contracts';
import { classNames } from './class-names';

/**
 * One colour per tier on every screen (dashboard, subscription view, admin console): free grey,
 * starter blue, professional purple, enterprise green. The class carries the colour; the map lets
 * a screen that draws its own swatch (a chart, a legend) use the same one.
 */
export const TIER_COLORS: Record<SubscriptionTier, string> = {
  free: 'var(--ad-tier-free)',
  starter: 'var(--ad-tier-starter)',
  professional: 'var(--ad-tier-professional)',
  enterprise: 'var(--ad-tier-enterprise)',
};

export interface TierBadgeProps {
  tier: SubscriptionTier;
  className?: string;
}

/** The tier's name in upper case on its colour. */
export function TierBadge({ tier, className }: TierBadgeProps) {
  return <span className={classNames('ad-badge', 'ad-tier-badge', `ad-tier-badge--${tier}`, className)}>{SUBSCRIPTION_TIER_LABELS[tier]}</span>;
}
