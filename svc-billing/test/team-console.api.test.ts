import { randomUUID } from 'node:crypto';
import { BILLING_ADMIN_TEAM_ENDPOINTS, BILLING_TEAM_ENDPOINTS, endpointUrl, organisationMemberJoinedV1, seatsChangedV1 } from '@agentdock/contracts';
import { outbox, rollupDifferences } from '@agentdock/service-data';
import { eventually } from '@agentdock/service-kit/testing';
import request from 'supertest';
import { billingRollups, planPrices } from '../src/db/schema';
import { BillingHarness, DRIVER, PLAN_PRICE_ROWS, type User } from './harness';

const STATS = '/api/billing/admin/stats';
const today = () => new Date().toISOString().slice(0, 10);

describe(`a team's subscription in the admin console and its figures (${DRIVER})`, () => {
  let billing: BillingHarness;
  let team: string;
  let owner: User;
  let operator: User;
  const path = (name: keyof typeof BILLING_TEAM_ENDPOINTS) => endpointUrl(BILLING_TEAM_ENDPOINTS[name], { orgId: team });
  const stats = async () => (await request(billing.url).get(STATS).query({ from: today(), to: today() }).set(operator.auth).expect(200)).body;
  const seatEvents = async () => (await billing.service.context.db.select().from(outbox)).filter((row) => row.subject === seatsChangedV1.subject).length;

  beforeAll(async () => {
    billing = await BillingHarness.start();
    await billing.service.context.db.insert(planPrices).values(PLAN_PRICE_ROWS());
    team = randomUUID();
    owner = await billing.user();
    operator = await billing.user({ admin: true });
    await billing.publish(organisationMemberJoinedV1, { organisationId: team, userId: owner.id, role: 'owner', members: 1 });
    await eventually(async () => (await request(billing.url).get(path('teamBilling')).set(owner.auth)).body.members === 1);
  });
  afterAll(() => billing.close());

  it('counts a team’s subscription in MRR once per seat, with the seats and the team MRR apart, agreeing with the subscriptions', async () => {
    const before = await stats();
    const { body } = await request(billing.url)
      .post(path('teamCheckout'))
      .set(owner.auth)
      .send({ kind: 'plan', planId: 'starter', billingPeriod: 'monthly', seats: 3 })
      .expect(200);
    await fetch(body.url, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ cardNumber: '4242424242424242', quantity: '4' }) });
    await billing.stripe.engine.webhooksIdle();
    await eventually(async () => (await seatEvents()) === 1);

    const after = await stats();
    // Starter is 50.00 a month per seat: four seats are 200.00 of MRR.
    expect((after.mrr.usd ?? 0) - (before.mrr.usd ?? 0)).toBe(20_000);
    expect(after.teams).toEqual({ subscriptions: 1, seats: 4, mrr: { usd: 20_000 } });
    expect(after.payingCustomers - before.payingCustomers).toBe(1);
    expect(await rollupDifferences(billing.service.context.db, billingRollups)).toEqual([]);

    await request(billing.url).post(path('changeSeats')).set(owner.auth).send({ seats: 6 }).expect(200);
    await billing.stripe.engine.webhooksIdle();
    await eventually(async () => (await seatEvents()) === 2);
    expect((await stats()).teams).toEqual({ subscriptions: 1, seats: 6, mrr: { usd: 30_000 } });
    expect(await rollupDifferences(billing.service.context.db, billingRollups)).toEqual([]);
  });

  it('gives admins the subscriptions of the teams asked for, in that order, and labels a team’s subscription as the team’s on its buyer’s page', async () => {
    const other = randomUUID();
    const url = endpointUrl(BILLING_ADMIN_TEAM_ENDPOINTS.teams);
    const answer = (
      await request(billing.url)
        .get(url)
        .query({ organisationIds: `${other},${team}` })
        .set(operator.auth)
        .expect(200)
    ).body;
    expect(answer.teams).toEqual([
      { organisationId: other, subscription: null, members: 0 },
      expect.objectContaining({ organisationId: team, members: 1, subscription: expect.objectContaining({ tier: 'starter', seats: 6, status: 'active' }) }),
    ]);
    expect((await request(billing.url).get(url).query({ organisationIds: 'x' }).set(operator.auth)).status).toBe(400);
    expect((await request(billing.url).get(url).query({ organisationIds: team }).set(owner.auth)).status).toBe(403);

    const page = (await request(billing.url).get(`/api/billing/admin/customers/${owner.id}`).set(operator.auth).expect(200)).body;
    expect(page.subscriptions).toEqual([expect.objectContaining({ product: 'starter', team: { organisationId: team, seats: 6 } })]);
  });
});
