import type { ApiClient, CallOptions } from '@agentdock/api-client';
import { BILLING_CUSTOMER_ENDPOINTS, type BillingCustomerIds, type BillingCustomerStatus, type CustomerBilling } from '@agentdock/contracts';

/** svc-billing's admin API: who is in a billing status, and one customer's subscriptions and payments. */
export function billingAdminApi(api: ApiClient) {
  return {
    customersByStatus: (status: BillingCustomerStatus, options?: CallOptions): Promise<BillingCustomerIds> =>
      api.call(BILLING_CUSTOMER_ENDPOINTS.customers, { ...options, query: { status } }),
    customer: (userId: string, options?: CallOptions): Promise<CustomerBilling> => api.call(BILLING_CUSTOMER_ENDPOINTS.customer, { ...options, params: { userId } }),
  };
}
