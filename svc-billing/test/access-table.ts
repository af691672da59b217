import { type AccessTable, kitAccessRows } from '@agentdock/service-kit/testing';

// Who may call what. A route mounted without a row here fails the test.
export const BILLING_ACCESS: AccessTable = {
  ...kitAccessRows('/api/billing'),
  // Stripe calls it without a token; the signature over the body is its credential (400 without one).
  'POST /api/billing/webhooks/stripe': 'public',
  'GET /api/billing/credit-packs': 'public',
  'POST /api/billing/checkout': 'user',
  'POST /api/billing/portal': 'user',
  'GET /api/billing/subscriptions': 'user',
  'POST /api/billing/subscriptions/:id/cancel': 'user',
  'POST /api/billing/subscriptions/:id/change-plan/preview': 'user',
  'POST /api/billing/subscriptions/:id/change-plan': 'user',
};
