import { planChangedV2, planList, PLAN_LIMIT_BULLET_MESSAGE } from '@agentdock/contracts';
import { eventually } from '@agentdock/service-kit/testing';
import { type TestDatabase } from '@agentdock/service-data/testing';
import { and, eq } from '@agentdock/service-data/orm';
import request from 'supertest';
import { appliedSeeds, plans } from '../src/db/schema';
import { CatalogHarness, DRIVER, durableDatabase, type User } from './harness';

// Plan bullets stating numbers are written from the limits: the API refuses them as free text, and
// plans stored before that lose them once, on the next start.
describe(`svc-catalog plan bullets (${DRIVER})`, () => {
  let database: TestDatabase;
  let harness: CatalogHarness;
  let admin: User;

  beforeAll(async () => {
    database = await durableDatabase();
    harness = await CatalogHarness.start(database);
    admin = await harness.user({ admin: true });
  });
  afterAll(() => harness.close());

  const publicPlan = async (id: string) => planList.parse((await request(harness.url).get('/api/catalog/plans').expect(200)).body).plans.find((plan) => plan.id === id)!;

  it('seeds only free-text bullets', async () => {
    expect((await publicPlan('starter')).features).toEqual(['Standard support']);
  });

  it('refuses a numeric bullet on create and on edit with 400 naming the bullet, and keeps the plan as it was', async () => {
    const edit = await request(harness.url)
      .patch('/api/catalog/admin/plans/starter')
      .set(admin.auth)
      .send({ features: ['Standard support', 'Access to all 10 AI agents'] })
      .expect(400);
    expect(edit.body.error.code).toBe('validation_failed');
    expect(edit.body.error.fields).toEqual([expect.objectContaining({ path: 'features.1', message: PLAN_LIMIT_BULLET_MESSAGE })]);
    const create = await request(harness.url)
      .post('/api/catalog/admin/plans')
      .set(admin.auth)
      .send({
        id: 'team',
        name: 'Team',
        tier: 'starter',
        monthly: null,
        annual: null,
        realTokensLimit: null,
        platformCreditsLimit: 5,
        apiCallsLimit: 5,
        agentsIncluded: 5,
        features: ['5,000 credits'],
        notIncluded: [],
        cta: 'Go',
      })
      .expect(400);
    expect(create.body.error.fields.map((field: { path: string }) => field.path)).toEqual(['features.0']);
    expect((await publicPlan('starter')).features).toEqual(['Standard support']);
    await request(harness.url)
      .patch('/api/catalog/admin/plans/starter')
      .set(admin.auth)
      .send({ features: ['Standard support', 'Email help within a day'] })
      .expect(200);
  });

  it('strips the numeric bullets of plans stored before, once, and tells other services', async () => {
    const db = harness.service.context.db;
    await db
      .update(plans)
      .set({ features: ['1,000,000 platform credits per month', 'Access to 5 AI agents', 'Standard support', 'Custom API call limits'] })
      .where(eq(plans.id, 'starter'));
    await db.delete(appliedSeeds).where(and(eq(appliedSeeds.kind, 'data-fix'), eq(appliedSeeds.key, 'plan-limit-bullets')));
    const events = await harness.collect(planChangedV2);

    await harness.restart(database);

    expect((await publicPlan('starter')).features).toEqual(['Standard support']);
    // The collector replays the stream: the seeds' created events, the edit above, then the fix's.
    await eventually(async () => events.received().at(-1)?.plan.features.length === 1 || undefined);
    expect(events.received().at(-1)).toMatchObject({ change: 'updated', plan: { id: 'starter', features: ['Standard support'] } });
    expect(
      events
        .received()
        .filter((data) => data.change === 'updated')
        .map((data) => data.plan.id),
    ).toEqual(['starter', 'starter']);

    // Applied once: a bullet stored afterwards by other means is not touched by the next start.
    await harness.service.context.db
      .update(plans)
      .set({ features: ['50 API calls per month'] })
      .where(eq(plans.id, 'free'));
    await harness.restart(database);
    expect((await publicPlan('free')).features).toEqual(['50 API calls per month']);
  });
});
