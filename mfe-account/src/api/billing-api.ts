import type { ApiClient, CallOptions } from '@agentdock/api-client';
import {
  BILLING_ENDPOINTS,
  type BillingInvoice,
  type BillingSubscription,
  type CancelSubscriptionRequest,
  type ChangePlanPreview,
  type ChangePlanRequest,
  type CheckoutRequest,
  type CreditPack,
} from '@agentdock/contracts';

export type { BillingInvoice, BillingSubscription, ChangePlanPreview, ChangePlanRequest, CreditPack };

/** Why the customer cancels (both optional), as the cancel dialog asks. */
export type CancellationAnswer = Pick<CancelSubscriptionRequest, 'reason' | 'comment'>;

/** svc-billing, which owns card subscriptions, checkout, plan changes and the billing portal. */
export function billingApi(api: ApiClient) {
  return {
    async getSubscriptions(options?: CallOptions): Promise<BillingSubscription[]> {
      return (await api.call(BILLING_ENDPOINTS.subscriptions, options)).subscriptions;
    },
    startCheckout: (body: Extract<CheckoutRequest, { kind: 'plan' | 'credits' }>) => api.call(BILLING_ENDPOINTS.checkout, { body }),
    async getCreditPacks(options?: CallOptions): Promise<CreditPack[]> {
      return (await api.call(BILLING_ENDPOINTS.creditPacks, options)).packs;
    },
    previewPlanChange: (id: string, body: ChangePlanRequest) => api.call(BILLING_ENDPOINTS.previewPlanChange, { params: { id }, body }),
    changePlan: (id: string, body: ChangePlanRequest) => api.call(BILLING_ENDPOINTS.changePlan, { params: { id }, body }),
    openPortal: () => api.call(BILLING_ENDPOINTS.portal),
    cancelAtPeriodEnd: (id: string, answer: CancellationAnswer = {}) =>
      api.call(BILLING_ENDPOINTS.cancelSubscription, { params: { id }, body: { cancelAtPeriodEnd: true, ...answer } }),
    async getInvoices(options?: CallOptions): Promise<BillingInvoice[]> {
      return (await api.call(BILLING_ENDPOINTS.invoices, options)).invoices;
    },
    resume: (id: string) => api.call(BILLING_ENDPOINTS.resumeSubscription, { params: { id } }),
  };
}
