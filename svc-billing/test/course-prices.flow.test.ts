import { createTestIssuer, eventually } from '@agentdock/service-kit/testing';
import { createTestBus, startTestService, type TestBus, type TestService } from '@agentdock/service-data/testing';
import { catalogService } from '@agentdock/svc-catalog';
import { eq } from '@agentdock/service-data/orm';
import request from 'supertest';
import { type BillingSchema, coursePrices } from '../src/db/schema';
import { createBillingService, loadBillingOptions } from '../src/index';

// A course created, repriced and archived in the console reaches what billing sells only through
// the bus (in-process by default, JetStream when TEST_NATS_URL is set).
describe(`catalog course changes reach billing (${process.env.TEST_NATS_URL ? 'JetStream' : 'in-process bus'})`, () => {
  let bus: TestBus;
  let issuer: Awaited<ReturnType<typeof createTestIssuer>>;
  let catalog: Pick<TestService<Record<string, unknown>>, 'url' | 'cleanup'>;
  let billing: TestService<BillingSchema>;

  beforeAll(async () => {
    bus = await createTestBus();
    issuer = await createTestIssuer();
    const billingService = createBillingService(loadBillingOptions({ STRIPE_SECRET_KEY: 'sk_test_courses', STRIPE_WEBHOOK_SECRET: 'whsec_courses', STRIPE_API_HOST: '127.0.0.1' }));
    billing = await startTestService(billingService, { bus: bus.bus, jwksUrl: issuer.jwksUrl });
  });
  afterAll(async () => {
    await catalog?.cleanup();
    await billing.cleanup();
    await issuer.close();
    await bus.destroy();
  });

  const priceOf = async (courseId: string) => (await billing.context.db.select().from(coursePrices).where(eq(coursePrices.courseId, courseId)))[0];

  it('sells the courses sold before any event at their prices, the community course too', async () => {
    expect(await priceOf('build-ai-agents')).toMatchObject({ name: 'Build AI Agents', amount: 15_000, currency: 'usd', billing: 'monthly', archived: false });
    expect(await priceOf('community')).toMatchObject({ amount: 5_000, billing: 'monthly' });
  });

  it("takes the catalog's titles once the catalog has published its seeded courses", async () => {
    catalog = await startTestService(catalogService, { bus: bus.bus, jwksUrl: issuer.jwksUrl });
    await eventually(async () => (await priceOf('build-ai-agents'))?.name === 'Build Your Own AI Agents');
    expect(await priceOf('build-ai-agents')).toMatchObject({ amount: 15_000, billing: 'monthly' });
  });

  it('follows a course created one-time, repriced, and archived', async () => {
    const auth = { authorization: `Bearer ${await issuer.issue({ sub: '00000000-0000-4000-8000-0000000000ad', email: 'admin@example.com', admin: true })}` };
    const created = await request(catalog.url)
      .post('/api/catalog/admin/courses')
      .set(auth)
      .send({
        title: 'Sales Basics',
        description: 'Sell with agents.',
        level: 'Beginner',
        estimatedDuration: '1 week',
        priceMinor: 9_900,
        billing: 'one_time',
        image: '/api/catalog/assets/courses/ai-fundamentals.svg',
        instructor: { name: 'Rita Ng', role: 'Sales Lead', image: '/api/catalog/assets/instructors/maya-chen.svg' },
      })
      .expect(201);
    expect(created.body.id).toBe('sales-basics');
    await eventually(async () => (await priceOf('sales-basics'))?.billing === 'one_time');
    expect(await priceOf('sales-basics')).toMatchObject({ name: 'Sales Basics', amount: 9_900, archived: false });

    await request(catalog.url).patch('/api/catalog/admin/courses/sales-basics').set(auth).send({ priceMinor: 12_900, billing: 'monthly' }).expect(200);
    await eventually(async () => (await priceOf('sales-basics'))?.amount === 12_900);
    expect(await priceOf('sales-basics')).toMatchObject({ billing: 'monthly' });

    await request(catalog.url).post('/api/catalog/admin/courses/sales-basics/archive').set(auth).expect(200);
    await eventually(async () => (await priceOf('sales-basics'))?.archived === true);
  });
});
