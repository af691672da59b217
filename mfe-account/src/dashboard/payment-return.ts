import { subscriptionTier, type SubscriptionTier } from '@agentdock/contracts';

/** How the customer came back from the payment provider's hosted checkout, if they did. */
export type PaymentReturn = { outcome: 'success'; tier: SubscriptionTier | null } | { outcome: 'cancelled' } | { outcome: 'credits-success' } | { outcome: 'credits-cancelled' };

/** The query values that mark a return from payment; cleared once read so a reload shows no banner again. */
export const PAYMENT_RETURN_PARAMS = ['subscription', 'success', 'plan', 'session_id', 'credits'] as const;

/**
 * `subscription=success` (with `plan={plan}`) or `success=true` marks a paid checkout;
 * `subscription=cancelled` one the customer abandoned. A plan that is not a tier is not named.
 * `credits=success|cancelled` is the return from buying a credit pack.
 */
export function readPaymentReturn(params: URLSearchParams): PaymentReturn | null {
  const credits = params.get('credits');
  if (credits === 'success') return { outcome: 'credits-success' };
  if (credits === 'cancelled') return { outcome: 'credits-cancelled' };
  const subscription = params.get('subscription');
  if (subscription === 'cancelled' || subscription === 'canceled') return { outcome: 'cancelled' };
  if (subscription === 'success' || params.get('success') === 'true') {
    const plan = subscriptionTier.safeParse(params.get('plan'));
    return { outcome: 'success', tier: plan.success ? plan.data : null };
  }
  return null;
}
