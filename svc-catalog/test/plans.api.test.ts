import { type EventEnvelope, type Plan, planChangedV1, planChangedV2, planList } from '@agentdock/contracts';
import { seededPlansFixture } from '@agentdock/contracts/testing';
import { createTestIssuer, eventually } from '@agentdock/service-kit/testing';
import { createTestBus, gatewayHeaders, startTestService, type TestBus, type TestService } from '@agentdock/service-data/testing';
import request from 'supertest';
import type { CatalogSchema } from '../src/db/schema';
import { catalogService } from '../src/index';

describe(`svc-catalog plans API (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let bus: TestBus;
  let issuer: Awaited<ReturnType<typeof createTestIssuer>>;
  let service: TestService<CatalogSchema>;
  let adminToken: string;
  let customerToken: string;

  beforeAll(async () => {
    bus = await createTestBus();
    issuer = await createTestIssuer();
    service = await startTestService(catalogService, { bus: bus.bus, jwksUrl: issuer.jwksUrl });
    adminToken = await issuer.issue({ sub: 'admin-1', email: 'admin@example.com', admin: true });
    customerToken = await issuer.issue({ sub: 'user-1', email: 'user@example.com', admin: false });
  });
  afterAll(async () => {
    await service.cleanup();
    await issuer.close();
    await bus.destroy();
  });

  const plansById = async () => {
    const response = await request(service.url).get('/api/catalog/plans').expect(200);
    const { plans } = planList.parse(response.body);
    return Object.fromEntries(plans.map((plan) => [plan.id, plan])) as Record<string, Plan>;
  };

  it('serves the four seeded plans in display order with the spec §9 figures', async () => {
    const response = await request(service.url).get('/api/catalog/plans').expect(200);
    const { plans } = planList.parse(response.body);
    expect(plans.map((plan) => plan.id)).toEqual(['free', 'starter', 'professional', 'enterprise']);
    const [free, , pro, enterprise] = plans;
    expect(free).toMatchObject({
      name: 'Free',
      currency: 'usd',
      monthly: { amountMinor: 0 },
      platformCreditsLimit: 50_000,
      apiCallsLimit: 50,
      realTokensLimit: 500,
      agentsIncluded: 3,
    });
    // The seeds and the fixture every other test reads (contracts' seededPlansFixture, planFixture its Starter) are the same plans.
    const withoutDates = ({ createdAt: _created, updatedAt: _updated, ...rest }: Plan) => rest;
    expect(plans.map(withoutDates)).toEqual(seededPlansFixture().map(withoutDates));
    expect(pro).toMatchObject({
      name: 'Pro',
      monthly: { amountMinor: 10_000 },
      annual: { amountMinor: 102_000 },
      annualPerMonthMinor: 8_500,
      highlight: true,
      platformCreditsLimit: 2_000_000,
      agentsIncluded: 10,
    });
    expect(enterprise).toMatchObject({ customPrice: true, monthly: null, annual: null, cta: 'Contact Sales' });
    expect(pro?.features.length).toBeGreaterThan(0);
    expect(free?.notIncluded.length).toBeGreaterThan(0);
  });

  it('answers an unknown plan id with a 404 error body', async () => {
    const response = await request(service.url).get('/api/catalog/plans/platinum').expect(404);
    expect(response.body.error).toMatchObject({ code: 'plan_not_found' });
  });

  it('refuses admin writes without a token (401) and to customers (403)', async () => {
    await request(service.url).patch('/api/catalog/admin/plans/starter').send({ cta: 'Hacked' }).expect(401);
    const forbidden = await request(service.url).patch('/api/catalog/admin/plans/starter').set('authorization', `Bearer ${customerToken}`).send({ cta: 'Hacked' }).expect(403);
    expect(forbidden.body.error.message).toBe('Access denied. Admin privileges required.');
    expect((await plansById()).starter?.cta).toBe('Get Started');
  });

  it('lets an admin change a price, recomputing the annual per-month figure', async () => {
    const response = await request(service.url)
      .patch('/api/catalog/admin/plans/starter')
      .set('authorization', `Bearer ${adminToken}`)
      .send({ annual: { amountMinor: 60_000, priceId: 'price_starter_annual_v2' } })
      .expect(200);
    expect(response.body).toMatchObject({ id: 'starter', annual: { amountMinor: 60_000, priceId: 'price_starter_annual_v2' }, annualPerMonthMinor: 5_000 });
    // Only what was sent changes: the rest of the plan keeps its values.
    expect((await plansById()).starter).toMatchObject({
      monthly: { amountMinor: 5_000 },
      description: 'For individuals putting AI agents to work.',
      sortOrder: 1,
      cta: 'Get Started',
    });
  });

  it('rejects an invalid plan body with field messages', async () => {
    const response = await request(service.url)
      .post('/api/catalog/admin/plans')
      .set('authorization', `Bearer ${adminToken}`)
      .send({ id: 'Bad Id!', name: '', tier: 'gold' })
      .expect(400);
    expect(response.body.error.code).toBe('validation_failed');
    const paths = response.body.error.fields.map((field: { path: string }) => field.path);
    expect(paths).toEqual(expect.arrayContaining(['id', 'name', 'tier']));
  });

  it('publishes a price change as v2 (minor units) and, until v1 has no reader, as v1 (dollars)', async () => {
    const seen: EventEnvelope[] = [];
    const subscriptions = await Promise.all(
      [planChangedV1, planChangedV2].map((event) =>
        bus.bus.subscribe({ durable: `plans-test-${event.version}`, subject: event.subject, handler: async (envelope) => void seen.push(envelope) }),
      ),
    );
    try {
      const auth = { authorization: `Bearer ${adminToken}` };
      await request(service.url)
        .patch('/api/catalog/admin/plans/professional')
        .set(auth)
        .send({ monthly: { amountMinor: 9_999, priceId: 'price_pro_v3' } })
        .expect(200);
      const find = <T>(parse: (envelope: EventEnvelope) => T | undefined) => eventually(async () => seen.map((envelope) => parse(envelope)).find((found) => found !== undefined));
      // The durables also replay the seeding's events: look for this update only.
      const isThisUpdate = (data: { change: string; plan: { id: string; monthly: { priceId: string | null } | null } }) =>
        data.change === 'updated' && data.plan.id === 'professional' && data.plan.monthly?.priceId === 'price_pro_v3' ? data : undefined;
      const v2 = await find((envelope) => (envelope.version === 2 ? isThisUpdate(planChangedV2.envelope.parse(envelope).data) : undefined));
      const v1 = await find((envelope) => (envelope.version === 1 ? isThisUpdate(planChangedV1.envelope.parse(envelope).data) : undefined));
      expect(v2.plan).toMatchObject({ id: 'professional', currency: 'usd', monthly: { amountMinor: 9_999 }, annualPerMonthMinor: 8_500 });
      expect(v1).toMatchObject({
        change: 'updated',
        plan: { id: 'professional', monthly: { amount: 99.99, priceId: 'price_pro_v3' }, annual: { amount: 1020 }, annualPerMonth: 85 },
      });
    } finally {
      await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    }
  });

  it('refuses a fractional number of minor units or a malformed currency with 400', async () => {
    const auth = { authorization: `Bearer ${adminToken}` };
    const fractional = await request(service.url)
      .patch('/api/catalog/admin/plans/starter')
      .set(auth)
      .send({ monthly: { amountMinor: 19.99, priceId: null } })
      .expect(400);
    expect(fractional.body.error.fields.map((field: { path: string }) => field.path)).toEqual(['monthly.amountMinor']);
    await request(service.url).patch('/api/catalog/admin/plans/starter').set(auth).send({ currency: 'dollars' }).expect(400);
  });

  it('creates, refuses a duplicate of, hides when inactive, and deletes a plan', async () => {
    const body = {
      id: 'team',
      name: 'Team',
      tier: 'professional',
      monthly: { amountMinor: 25_000, priceId: null },
      annual: null,
      realTokensLimit: 50_000,
      platformCreditsLimit: 5_000_000,
      apiCallsLimit: 1_000,
      agentsIncluded: 10,
      features: ['Everything in Pro'],
      notIncluded: [],
      cta: 'Choose Team',
      sortOrder: 5,
    };
    const auth = { authorization: `Bearer ${adminToken}` };
    await request(service.url).post('/api/catalog/admin/plans').set(auth).send(body).expect(201);
    const duplicate = await request(service.url).post('/api/catalog/admin/plans').set(auth).send(body).expect(409);
    expect(duplicate.body.error.code).toBe('plan_exists');
    expect(Object.keys(await plansById())).toContain('team');

    await request(service.url).patch('/api/catalog/admin/plans/team').set(auth).send({ isActive: false }).expect(200);
    expect(Object.keys(await plansById())).not.toContain('team');
    const adminView = await request(service.url).get('/api/catalog/admin/plans').set(auth).expect(200);
    expect(adminView.body.plans.map((plan: Plan) => plan.id)).toContain('team');

    await request(service.url).delete('/api/catalog/admin/plans/team').set(auth).expect(204);
    await request(service.url).delete('/api/catalog/admin/plans/team').set(auth).expect(404);
  });

  it('reports ready with its database and event bus', async () => {
    const response = await request(service.url).get('/readyz').set(gatewayHeaders()).expect(200);
    expect(response.body.checks).toMatchObject({ database: { status: 'up' }, events: { status: 'up' } });
  });
});
