import { checkoutIntentPath, type Plan, planChoice, type PlanChoice } from '@agentdock/contracts';
import { hrefWithReturnUrl } from '@agentdock/ui';
import type { Visitor } from '../api/visitor';
import type { BillingPeriod } from './plan-price';

/** Where a plan change of a paying customer happens: in place, prorated, after its price is shown. */
export const CHANGE_PLAN_PATH = '/dashboard?tab=subscription';
export const MANAGE_PATH = '/manage-subscription';

export type PaidPlanStep = { kind: 'sign-up'; to: string } | { kind: 'change-plan'; to: string } | { kind: 'checkout' };

/**
 * What choosing a paid plan leads to: a visitor creates an account first, and the plan and period
 * go along as sign-up's return path (through the confirmation link, on any device) back to this
 * page, which then starts the checkout; a customer already paying changes plan from the
 * Subscription tab. While the session is still being checked the visitor counts as signed out:
 * the sign-up page sends a signed-in visitor straight on.
 */
export function paidPlanStep(visitor: Visitor, plan: Pick<Plan, 'id'>, period: BillingPeriod): PaidPlanStep {
  if (visitor.status !== 'signed-in') return { kind: 'sign-up', to: hrefWithReturnUrl('/signup', checkoutIntentPath({ planId: plan.id, period })) };
  if (visitor.user.subscriptionTier !== 'free') return { kind: 'change-plan', to: CHANGE_PLAN_PATH };
  return { kind: 'checkout' };
}

export const CHOICE_LABELS: Record<Exclude<PlanChoice, 'current'>, (name: string) => string> = {
  upgrade: (name) => `Upgrade to ${name}`,
  downgrade: (name) => `Downgrade to ${name}`,
};

/** The signed-in customer's view of a card: their current plan, or an upgrade or downgrade from it. */
export function cardChoice(visitor: Visitor, plan: Plan, plans: readonly Plan[]): PlanChoice | null {
  return visitor.status === 'signed-in' ? planChoice(plan, visitor.user.subscriptionTier, plans) : null;
}
