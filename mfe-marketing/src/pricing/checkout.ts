import type { Plan } from '@agentdock/contracts';
import type { NavigateFunction } from 'react-router-dom';
import type { BillingPeriod } from './plan-price';

/**
 * Starts buying a paid plan. Checkout arrives with billing; until then no visitor can be signed
 * in here, and a signed-out visitor choosing a paid plan is sent to sign in and back to pricing.
 */
export function startCheckout(_plan: Plan, _period: BillingPeriod, navigate: NavigateFunction): void {
  navigate(`/signin?returnUrl=${encodeURIComponent('/pricing')}`);
}
