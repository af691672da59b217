import { useCallback, useState } from 'react';
import { BILLING_TEXTS, checkoutPlanId, type BillingPeriod, type Plan } from '@agentdock/contracts';
import { useSessionClient } from '@agentdock/session';
import { billingApi, type BillingSubscription, type ChangePlanPreview, type ChangePlanRequest } from '../api/billing-api';
import { redirectTo } from './browser';

export const CHANGE_FAILED = 'Failed to update subscription. Please try again.';
export const CHECKOUT_FAILED = 'Failed to process upgrade. Please try again.';
export const CHANGE_SUCCEEDED = 'Your subscription has been successfully activated!';
export const PORTAL_FAILED = BILLING_TEXTS.portalFailed;

export type PlanChangeStep =
  | { step: 'idle' }
  /** Asking billing what the change costs now. */
  | { step: 'pricing'; plan: Plan; period: BillingPeriod }
  | { step: 'confirm'; plan: Plan; request: ChangePlanRequest; subscriptionId: string; preview: ChangePlanPreview }
  | { step: 'changing'; plan: Plan; request: ChangePlanRequest; subscriptionId: string; preview: ChangePlanPreview }
  /** Free has no card subscription: moving to it means cancelling the paid one, on its own page. */
  | { step: 'confirm-cancel'; plan: Plan }
  /** On the way to the payment provider (checkout or billing portal). */
  | { step: 'redirecting' };

export type PlanChangeMessage = { variant: 'success' | 'error'; text: string } | null;

/**
 * Changing plan from the Subscription tab. A customer with a card subscription changes it in place
 * (billing prorates the difference) after confirming what it costs; one without starts checkout.
 */
export function usePlanChange({ subscription, onChanged }: { subscription: BillingSubscription | null; onChanged: () => void }) {
  const client = useSessionClient();
  const [state, setState] = useState<PlanChangeStep>({ step: 'idle' });
  const [message, setMessage] = useState<PlanChangeMessage>(null);

  const choose = useCallback(
    async (plan: Plan, period: BillingPeriod) => {
      setMessage(null);
      const billing = billingApi(client.api);
      if (plan.tier === 'free') {
        setState({ step: 'confirm-cancel', plan });
        return;
      }
      if (!subscription) {
        setState({ step: 'redirecting' });
        try {
          const { url } = await billing.startCheckout({ kind: 'plan', planId: plan.id, billingPeriod: period });
          redirectTo(url);
        } catch (error) {
          console.error('[agentdock] checkout failed', error);
          setState({ step: 'idle' });
          setMessage({ variant: 'error', text: CHECKOUT_FAILED });
        }
        return;
      }
      // Only plans sold by card can replace a card subscription (Enterprise is quoted by contact).
      const planId = checkoutPlanId.safeParse(plan.id);
      if (!planId.success) {
        setMessage({ variant: 'error', text: CHANGE_FAILED });
        return;
      }
      const request: ChangePlanRequest = { planId: planId.data, billingPeriod: period };
      setState({ step: 'pricing', plan, period });
      try {
        const preview = await billing.previewPlanChange(subscription.id, request);
        setState({ step: 'confirm', plan, request, subscriptionId: subscription.id, preview });
      } catch (error) {
        console.error('[agentdock] plan change preview failed', error);
        setState({ step: 'idle' });
        setMessage({ variant: 'error', text: CHANGE_FAILED });
      }
    },
    [client, subscription],
  );

  const confirm = useCallback(async () => {
    if (state.step !== 'confirm') return;
    setState({ ...state, step: 'changing' });
    try {
      await billingApi(client.api).changePlan(state.subscriptionId, state.request);
      setState({ step: 'idle' });
      setMessage({ variant: 'success', text: CHANGE_SUCCEEDED });
      onChanged();
    } catch (error) {
      console.error('[agentdock] plan change failed', error);
      setState({ step: 'idle' });
      setMessage({ variant: 'error', text: CHANGE_FAILED });
    }
  }, [client, state, onChanged]);

  const cancel = useCallback(() => setState({ step: 'idle' }), []);

  const openPortal = useCallback(async () => {
    setMessage(null);
    setState({ step: 'redirecting' });
    try {
      redirectTo((await billingApi(client.api).openPortal()).url);
    } catch (error) {
      console.error('[agentdock] billing portal failed', error);
      setState({ step: 'idle' });
      setMessage({ variant: 'error', text: PORTAL_FAILED });
    }
  }, [client]);

  return { state, message, choose, confirm, cancel, openPortal };
}
