import { userSuspendedV1 } from '@agentdock/contracts';
import { checkAccessMatrix, eventually } from '@agentdock/service-kit/testing';
import request from 'supertest';
import { BillingHarness, DRIVER } from './harness';
import { BILLING_ACCESS } from './access-table';

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
    const result = await checkAccessMatrix({
      server: billing.service.server,
      url: billing.url,
      table: BILLING_ACCESS,
      principals: { user: user.auth, suspended: suspended.auth, admin: admin.auth },
    });
    console.info(`svc-billing access matrix: ${result.endpoints.length} endpoints, ${result.calls} calls`);
    expect(result.problems).toEqual([]);
  });
});
