import type { ApiClient, CallOptions } from '@agentdock/api-client';
import {
  billingSubscription,
  changePlanPreview,
  creditPackList,
  redirectResponse,
  subscriptionList,
  type BillingSubscription,
  type ChangePlanPreview,
  type ChangePlanRequest,
  type CheckoutRequest,
  type CreditPack,
} from '@agentdock/contracts';

export type { BillingSubscription, ChangePlanPreview, ChangePlanRequest, CreditPack };

const subscriptionPath = (id: string) => `/api/billing/subscriptions/${encodeURIComponent(id)}`;

/** svc-billing, which owns card subscriptions, checkout, plan changes and the billing portal. */
export function billingApi(api: ApiClient) {
  return {
    async getSubscriptions(options?: CallOptions): Promise<BillingSubscription[]> {
      return (await api.request('/api/billing/subscriptions', { ...options, schema: subscriptionList })).subscriptions;
    },
    startCheckout: (body: Extract<CheckoutRequest, { kind: 'plan' | 'credits' }>) => api.request('/api/billing/checkout', { method: 'POST', body, schema: redirectResponse }),
    async getCreditPacks(options?: CallOptions): Promise<CreditPack[]> {
      return (await api.request('/api/billing/credit-packs', { ...options, schema: creditPackList })).packs;
    },
    previewPlanChange: (id: string, body: ChangePlanRequest) => api.request(`${subscriptionPath(id)}/change-plan/preview`, { method: 'POST', body, schema: changePlanPreview }),
    changePlan: (id: string, body: ChangePlanRequest) => api.request(`${subscriptionPath(id)}/change-plan`, { method: 'POST', body, schema: billingSubscription }),
    openPortal: () => api.request('/api/billing/portal', { method: 'POST', schema: redirectResponse }),
    cancelAtPeriodEnd: (id: string) => api.request(`${subscriptionPath(id)}/cancel`, { method: 'POST', body: { cancelAtPeriodEnd: true }, schema: billingSubscription }),
  };
}
