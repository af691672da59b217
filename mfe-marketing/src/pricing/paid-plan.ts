import { signInHref } from '@agentdock/ui';
import type { Visitor } from '../api/visitor';

export const ALREADY_SUBSCRIBED_ALERT = 'You already have an active subscription. Please visit the subscription management page to upgrade or downgrade your plan.';

export type PaidPlanStep = { kind: 'sign-in'; to: string } | { kind: 'manage-subscription'; alert: string; to: string } | { kind: 'checkout' };

/**
 * What choosing a paid plan leads to (spec §5): a visitor signs in first and comes back to
 * pricing; a customer already on a paid tier changes plan from the subscription tab instead.
 * While the session is still being checked the visitor counts as signed out: the sign-in page
 * sends a signed-in visitor straight back.
 */
export function paidPlanStep(visitor: Visitor): PaidPlanStep {
  if (visitor.status !== 'signed-in') return { kind: 'sign-in', to: signInHref('/pricing') };
  if (visitor.user.subscriptionTier !== 'free') {
    return { kind: 'manage-subscription', alert: ALREADY_SUBSCRIBED_ALERT, to: '/dashboard?tab=subscription' };
  }
  return { kind: 'checkout' };
}
