import { cancelSubscriptionRequest, changePlanRequest, checkoutRequest, seatChangeRequest, teamCheckoutRequest } from '@agentdock/contracts';
import { contractFieldNames, describeHostileInput } from '@agentdock/service-kit/testing';
import { BILLING_ACCESS } from './access-table';
import { BillingHarness, DRIVER } from './harness';

describeHostileInput({
  service: 'svc-billing',
  driver: DRIVER,
  start: () => BillingHarness.start(),
  checks: [
    {
      table: BILLING_ACCESS,
      principals: async (billing) => {
        const [user, suspended, admin] = [await billing.user(), await billing.user(), await billing.user({ admin: true })];
        return { user: user.auth, suspended: suspended.auth, admin: admin.auth };
      },
      fields: contractFieldNames(checkoutRequest, cancelSubscriptionRequest, changePlanRequest, teamCheckoutRequest, seatChangeRequest),
    },
  ],
});
