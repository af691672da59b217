import { ADMIN_EXPORT_ENDPOINTS, ADMIN_STATS_ENDPOINTS, BILLING_ADMIN_ENDPOINTS, BILLING_BASE, BILLING_CUSTOMER_ENDPOINTS, BILLING_ENDPOINTS, BILLING_WEBHOOK_ENDPOINT } from '@agentdock/contracts';
import { type AccessTable, endpointAccessRows, kitAccessRows } from '@agentdock/service-kit/testing';

// Who may call what, keyed by the contracts' endpoint tables. A route mounted without a row here,
// or an endpoint of the contracts that is not mounted where it says, fails the test.
export const BILLING_ACCESS: AccessTable = {
  ...kitAccessRows(BILLING_BASE),
  // Stripe calls it without a token; the signature over the body is its credential (400 without one).
  ...endpointAccessRows({ stats: ADMIN_STATS_ENDPOINTS.billing }, { stats: 'admin' }),
  ...endpointAccessRows(
    { subscriptions: ADMIN_EXPORT_ENDPOINTS.subscriptions, payments: ADMIN_EXPORT_ENDPOINTS.payments, invoices: ADMIN_EXPORT_ENDPOINTS.invoices },
    { subscriptions: 'admin', payments: 'admin', invoices: 'admin' },
  ),
  ...endpointAccessRows(BILLING_CUSTOMER_ENDPOINTS, { customers: 'admin', customer: 'admin' }),
  ...endpointAccessRows(BILLING_ADMIN_ENDPOINTS, {
    trials: 'admin',
    setTrial: 'admin',
    promotionCodes: 'admin',
    createPromotionCode: 'admin',
    updatePromotionCode: 'admin',
    settings: 'admin',
    setSettings: 'admin',
  }),
  ...endpointAccessRows({ stripeWebhook: BILLING_WEBHOOK_ENDPOINT }, { stripeWebhook: 'public' }),
  ...endpointAccessRows(BILLING_ENDPOINTS, {
    creditPacks: 'public',
    checkout: 'user',
    portal: 'user',
    subscriptions: 'user',
    invoices: 'user',
    cancelSubscription: 'user',
    resumeSubscription: 'user',
    previewPlanChange: 'user',
    changePlan: 'user',
  }),
};
