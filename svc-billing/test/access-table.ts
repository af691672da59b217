import {
  ADMIN_EXPORT_ENDPOINTS,
  ADMIN_STATS_ENDPOINTS,
  BILLING_ADMIN_ENDPOINTS,
  BILLING_ADMIN_TEAM_ENDPOINTS,
  BILLING_BASE,
  BILLING_CUSTOMER_ENDPOINTS,
  BILLING_ENDPOINTS,
  BILLING_TEAM_ENDPOINTS,
  BILLING_WEBHOOK_ENDPOINT,
} from '@agentdock/contracts';
import { type Access, type AccessTable, endpointAccessRows, kitAccessRows } from '@agentdock/service-kit/testing';

/**
 * A team endpoint called with a team nobody here belongs to: a signed-in caller is told it does not
 * exist (404), whatever their platform role; who of a team may call what is team-access.api.test's.
 */
const TEAM: Access = { anonymous: 401, user: 404, suspended: 403, admin: 404 };

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
  ...endpointAccessRows(BILLING_ADMIN_TEAM_ENDPOINTS, { teams: 'admin' }),
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
  ...endpointAccessRows(BILLING_TEAM_ENDPOINTS, { teamBilling: TEAM, teamCheckout: TEAM, teamPortal: TEAM, previewSeats: TEAM, changeSeats: TEAM }),
};
