import { type ApiClient, ApiError } from '@agentdock/api-client';
import { BILLING_ENDPOINTS, BILLING_ERROR_CODES, BILLING_TEXTS, type CheckoutPlanId, type Plan } from '@agentdock/contracts';
import type { NavigateFunction } from 'react-router-dom';
import { memberClient } from '../api/visitor';
import type { BillingPeriod } from './plan-price';

export interface CheckoutDeps {
  api: Pick<ApiClient, 'call'>;
  /** Where the browser goes: the payment provider's hosted checkout page. */
  goTo: (url: string) => void;
}

const browserDeps = (): CheckoutDeps => ({ api: memberClient(), goTo: (url) => window.location.assign(url) });

/**
 * Starts a card checkout for a signed-in customer on the free tier. The billing service applies
 * the checkout rules and answers with the rule's own text ('Free plan is already active!',
 * 'Invalid plan selected', 'Price configuration not found. Please contact support.'); a customer
 * who already pays is sent to change plan from the subscription tab.
 */
export async function startCheckout(plan: Plan, period: BillingPeriod, navigate: NavigateFunction, { api, goTo }: CheckoutDeps = browserDeps()): Promise<void> {
  try {
    // Any catalog plan is sent as it is: billing answers a plan it does not sell with its own rule text.
    const planId = plan.id as CheckoutPlanId;
    const { url } = await api.call(BILLING_ENDPOINTS.checkout, { body: { kind: 'plan', planId, billingPeriod: period } });
    goTo(url);
  } catch (error) {
    const known = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401;
    window.alert(known ? error.message : BILLING_TEXTS.checkoutFailed);
    if (error instanceof ApiError && error.code === BILLING_ERROR_CODES.alreadySubscribed) navigate('/dashboard?tab=subscription');
  }
}
