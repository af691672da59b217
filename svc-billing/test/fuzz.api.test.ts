import { cancelSubscriptionRequest, changePlanRequest, checkoutRequest } from '@agentdock/contracts';
import { contractFieldNames, fuzzEndpoints } from '@agentdock/service-kit/testing';
import { BILLING_ACCESS } from './access-table';
import { BillingHarness, DRIVER } from './harness';

describe(`svc-billing under hostile input (${DRIVER})`, () => {
  let billing: BillingHarness;
  beforeAll(async () => {
    billing = await BillingHarness.start();
  });
  afterAll(() => billing.close());

  it('answers every mounted endpoint below 500 whatever it is sent', async () => {
    const [user, suspended, admin] = [await billing.user(), await billing.user(), await billing.user({ admin: true })];
    const result = await fuzzEndpoints({
      server: billing.service.server,
      url: billing.url,
      table: BILLING_ACCESS,
      principals: { user: user.auth, suspended: suspended.auth, admin: admin.auth },
      fields: contractFieldNames(checkoutRequest, cancelSubscriptionRequest, changePlanRequest),
    });
    console.info(`svc-billing fuzz: ${result.sent} hostile requests to ${result.endpoints} endpoints, ${result.failures.length} answered 5xx`);
    expect(result.failures).toEqual([]);
  });
});
