import { randomUUID } from 'node:crypto';
import type { Plan } from '@agentdock/contracts';
import { planFixture } from '@agentdock/contracts/testing';
import { openDatabase, type Database } from '@agentdock/service-data';
import { eq } from '@agentdock/service-data/orm';
import { createTestDatabase, type TestDatabase } from '@agentdock/service-data/testing';
import { fileURLToPath } from 'node:url';
import { type BillingSchema, planPrices, schema } from '../db/schema';
import { applyPlanChanged } from './plan-prices';

const plan = (overrides: Partial<Plan> = {}): Plan => planFixture({ monthly: { amount: 50, priceId: 'price_a' }, annual: { amount: 540, priceId: 'price_b' }, ...overrides });

describe('billing plan-price read model', () => {
  let testDatabase: TestDatabase;
  let database: Database<BillingSchema>;
  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    database = await openDatabase({ target: testDatabase.target, schema, migrationsFolder: fileURLToPath(new URL('../../migrations', import.meta.url)) });
  });
  afterEach(async () => {
    await database.close();
    await testDatabase.drop();
  });
  const row = async () => (await database.db.select().from(planPrices).where(eq(planPrices.planId, 'starter')))[0];

  it('stores prices in cents', async () => {
    await applyPlanChanged(database.db, { change: 'created', plan: plan({ monthly: { amount: 19.99, priceId: 'p' } }) }, new Date());
    expect(await row()).toMatchObject({ monthlyPriceCents: 1999, annualPriceCents: 54_000, deleted: false });
  });

  it('ignores a change older than the one already applied (out-of-order redelivery)', async () => {
    const now = Date.now();
    await applyPlanChanged(database.db, { change: 'updated', plan: plan({ monthly: { amount: 60, priceId: 'new' } }) }, new Date(now));
    await applyPlanChanged(database.db, { change: 'updated', plan: plan({ monthly: { amount: 40, priceId: 'old' } }) }, new Date(now - 1_000));
    expect((await row())?.monthlyPriceId).toBe('new');
  });

  it('keeps a deleted plan deleted when an older update arrives late', async () => {
    const now = Date.now();
    await applyPlanChanged(database.db, { change: 'deleted', plan: plan() }, new Date(now));
    await applyPlanChanged(database.db, { change: 'updated', plan: plan({ name: randomUUID() }) }, new Date(now - 5));
    expect(await row()).toMatchObject({ deleted: true, isActive: false, name: 'Starter' });
  });
});
