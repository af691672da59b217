import { userSuspendedV1 } from '@agentdock/contracts';
import { describeAccessMatrix, eventually } from '@agentdock/service-kit/testing';
import request from 'supertest';
import { BillingHarness, DRIVER } from './harness';
import { BILLING_ACCESS } from './access-table';

describeAccessMatrix({
  service: 'svc-billing',
  driver: DRIVER,
  start: () => BillingHarness.start(),
  checks: [
    {
      table: BILLING_ACCESS,
      principals: async (billing) => {
        const [user, suspended, admin] = [await billing.user(), await billing.user(), await billing.user({ admin: true })];
        await billing.publish(userSuspendedV1, { userId: suspended.id });
        await eventually(async () => (await request(billing.url).get('/api/billing/subscriptions').set(suspended.auth)).status === 403);
        return { user: user.auth, suspended: suspended.auth, admin: admin.auth };
      },
    },
  ],
});
