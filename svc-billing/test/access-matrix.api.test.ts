import { userSuspendedV1 } from '@agentdock/contracts';
import { type AccessTable, checkAccessMatrix, eventually, kitAccessRows } from '@agentdock/service-kit/testing';
import request from 'supertest';
import { BillingHarness, DRIVER } from './harness';

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

describe(`svc-billing authorization matrix (${DRIVER})`, () => {
  let billing: BillingHarness;
  beforeAll(async () => {
    billing = await BillingHarness.start();
  });
  afterAll(() => billing.close());

  it('answers every mounted endpoint × {anonymous, user, suspended, admin} as the table says', async () => {
    const [user, suspended, admin] = [await billing.user(), await billing.user(), await billing.user({ admin: true })];
    await billing.publish(userSuspendedV1, { userId: suspended.id });
    await eventually(async () => (await request(billing.url).get('/api/billing/subscriptions').set(suspended.auth)).status === 403);
    const result = await checkAccessMatrix({ server: billing.service.server, url: billing.url, table: BILLING_ACCESS, principals: { user: user.auth, suspended: suspended.auth, admin: admin.auth } });
    console.info(`svc-billing access matrix: ${result.endpoints.length} endpoints, ${result.calls} calls`);
    expect(result.problems).toEqual([]);
  });
});
