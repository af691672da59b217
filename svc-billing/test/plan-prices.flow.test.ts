import { planCreateFixture } from '@agentdock/contracts/testing';
import { createTestIssuer, eventually } from '@agentdock/service-kit/testing';
import { createTestBus, startTestService, type TestBus, type TestService } from '@agentdock/service-data/testing';
import { catalogService } from '@agentdock/svc-catalog';
import { asc, eq } from '@agentdock/service-data/orm';
import request from 'supertest';
import { type BillingSchema, planPrices } from '../src/db/schema';
import { createBillingService, loadBillingOptions } from '../src/index';

// The first real event path: a plan change in svc-catalog reaches svc-billing's read model only
// through the bus (in-process by default, JetStream when TEST_NATS_URL is set).
describe(`catalog plan changes reach billing (${process.env.TEST_NATS_URL ? 'JetStream' : 'in-process bus'})`, () => {
  let bus: TestBus;
  let issuer: Awaited<ReturnType<typeof createTestIssuer>>;
  let catalog: Pick<TestService<Record<string, unknown>>, 'url' | 'cleanup'>;
  let billing: TestService<BillingSchema>;

  beforeAll(async () => {
    bus = await createTestBus();
    issuer = await createTestIssuer();
    // The local server's keys; nothing here calls the provider.
    const billingService = createBillingService(loadBillingOptions({ STRIPE_SECRET_KEY: 'sk_test_plans', STRIPE_WEBHOOK_SECRET: 'whsec_plans', STRIPE_API_HOST: '127.0.0.1' }));
    billing = await startTestService(billingService, { bus: bus.bus, jwksUrl: issuer.jwksUrl });
    catalog = await startTestService(catalogService, { bus: bus.bus, jwksUrl: issuer.jwksUrl });
  });
  afterAll(async () => {
    await catalog.cleanup();
    await billing.cleanup();
    await issuer.close();
    await bus.destroy();
  });

  const readModel = () => billing.context.db.select().from(planPrices).orderBy(asc(planPrices.planId));

  it('fills the read model from the seeded plans', async () => {
    const rows = await eventually(async () => {
      const current = await readModel();
      return current.length === 4 && current;
    });
    expect(rows.find((row) => row.planId === 'professional')).toMatchObject({
      monthlyPriceCents: 10_000,
      monthlyPriceId: 'price_professional_monthly',
      annualPriceCents: 102_000,
      isActive: true,
    });
  });

  it('follows an admin price change and a deletion', async () => {
    const auth = { authorization: `Bearer ${await issuer.issue({ sub: 'admin', email: 'admin@example.com', admin: true })}` };
    await request(catalog.url)
      .patch('/api/catalog/admin/plans/starter')
      .set(auth)
      .send({ monthly: { amountMinor: 5_500, priceId: 'price_starter_monthly_v2' } })
      .expect(200);
    await eventually(async () => {
      const [row] = await billing.context.db.select().from(planPrices).where(eq(planPrices.planId, 'starter'));
      return row?.monthlyPriceCents === 5_500 && row.monthlyPriceId === 'price_starter_monthly_v2';
    });

    await request(catalog.url)
      .post('/api/catalog/admin/plans')
      .set(auth)
      .send(planCreateFixture({ id: 'temp', name: 'Temp', monthly: { amountMinor: 100, priceId: null } }))
      .expect(201);
    await request(catalog.url).delete('/api/catalog/admin/plans/temp').set(auth).expect(204);
    await eventually(async () => {
      const [row] = await billing.context.db.select().from(planPrices).where(eq(planPrices.planId, 'temp'));
      return row?.deleted === true && row.isActive === false;
    });
  });
});
