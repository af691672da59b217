import type { Plan } from '@agentdock/contracts';
import { SITE } from '@agentdock/ui';
import type { NavigateFunction } from 'react-router-dom';
import type { BillingPeriod } from './plan-price';

export const CHECKOUT_NOT_OPEN_ALERT = `Card checkout is not open yet. Write to ${SITE.salesEmail} and we will set up your plan.`;

/**
 * Starts buying a paid plan for a signed-in customer on the free tier. Card checkout arrives with
 * the billing service; until then the customer is told plainly how to subscribe instead of being
 * sent somewhere that looks like progress.
 */
export function startCheckout(_plan: Plan, _period: BillingPeriod, _navigate: NavigateFunction): void {
  window.alert(CHECKOUT_NOT_OPEN_ALERT);
}
