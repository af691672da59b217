import { userSuspendedV1 } from '@agentdock/contracts';
import { describeAccessMatrix, eventually } from '@agentdock/service-kit/testing';
import request from 'supertest';
import { BillingHarness, DRIVER } from './harness';
import { BILLING_ACCESS } from './access-table';
import { NEW_TEAM_WAIT } from '../src/domain/team-roles';

// The matrix asks the team endpoints about teams billing has never heard of, and each call waited
// the whole NEW_TEAM_WAIT for an identity event no one sends here (30 of the file's 40 s). The
// answer is the same after a shorter wait; team-seats.api.test.ts checks the real one.
const newTeamWaitMs = NEW_TEAM_WAIT.totalMs;
beforeAll(() => {
  NEW_TEAM_WAIT.totalMs = 300;
});
afterAll(() => {
  NEW_TEAM_WAIT.totalMs = newTeamWaitMs;
});

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
