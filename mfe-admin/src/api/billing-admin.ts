import type { ApiClient, CallOptions } from '@agentdock/api-client';
import {
  BILLING_ADMIN_ENDPOINTS,
  BILLING_CUSTOMER_ENDPOINTS,
  type BillingCustomerIds,
  type BillingCustomerStatus,
  type BillingSettingsBody,
  type CreatePromotionRequest,
  type CustomerBilling,
  type PlanTrial,
  type PlanTrialList,
  type PromotionCodeList,
  type PromotionCodeView,
} from '@agentdock/contracts';

/** svc-billing's admin API: billing statuses, one customer's billing, and the operator's trials, promotion codes and tax setting. */
export function billingAdminApi(api: ApiClient) {
  return {
    customersByStatus: (status: BillingCustomerStatus, options?: CallOptions): Promise<BillingCustomerIds> =>
      api.call(BILLING_CUSTOMER_ENDPOINTS.customers, { ...options, query: { status } }),
    customer: (userId: string, options?: CallOptions): Promise<CustomerBilling> => api.call(BILLING_CUSTOMER_ENDPOINTS.customer, { ...options, params: { userId } }),
    trials: (options?: CallOptions): Promise<PlanTrialList> => api.call(BILLING_ADMIN_ENDPOINTS.trials, options),
    setTrial: (trial: PlanTrial): Promise<PlanTrial> => api.call(BILLING_ADMIN_ENDPOINTS.setTrial, { body: trial }),
    promotionCodes: (options?: CallOptions): Promise<PromotionCodeList> => api.call(BILLING_ADMIN_ENDPOINTS.promotionCodes, options),
    createPromotionCode: (body: CreatePromotionRequest): Promise<PromotionCodeView> => api.call(BILLING_ADMIN_ENDPOINTS.createPromotionCode, { body }),
    setPromotionCodeActive: (id: string, active: boolean): Promise<PromotionCodeView> =>
      api.call(BILLING_ADMIN_ENDPOINTS.updatePromotionCode, { params: { id }, body: { active } }),
    settings: (options?: CallOptions): Promise<BillingSettingsBody> => api.call(BILLING_ADMIN_ENDPOINTS.settings, options),
    setSettings: (body: BillingSettingsBody): Promise<BillingSettingsBody> => api.call(BILLING_ADMIN_ENDPOINTS.setSettings, { body }),
  };
}
