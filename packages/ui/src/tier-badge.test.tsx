/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { TIER_COLORS, TierBadge } from './tier-badge';

describe('TierBadge', () => {
  it("names the tier and carries the tier's colour class: free grey, starter blue, professional purple, enterprise green", () => {
    render(<TierBadge tier="professional" />);
    const badge = screen.getByText('Pro');
    expect(badge.className).toBe('ad-badge ad-tier-badge ad-tier-badge--professional');
    expect(TIER_COLORS).toEqual({
      free: 'var(--ad-tier-free)',
      starter: 'var(--ad-tier-starter)',
      professional: 'var(--ad-tier-professional)',
      enterprise: 'var(--ad-tier-enterprise)',
    });
  });
});
