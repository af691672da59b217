import { randomUUID } from 'node:crypto';
import { planFixture } from '@agentdock/contracts/testing';
import type { Database } from '@agentdock/service-data';
import { eq } from '@agentdock/service-data/orm';
import { openTestDatabase } from '@agentdock/service-data/testing';
import { fileURLToPath } from 'node:url';
import { type BillingSchema, planPrices, schema } from '../db/schema';
import { applyPlanChanged } from './plan-prices';

describe('billing plan-price read model', () => {
  let database: Database<BillingSchema>;
  beforeEach(async () => {
    database = await openTestDatabase({ schema, migrationsFolder: fileURLToPath(new URL('../../migrations', import.meta.url)) });
  });
  afterEach(() => database.close());
  const row = async () => (await database.db.select().from(planPrices).where(eq(planPrices.planId, 'starter')))[0];

  it('stores the minor units as they come', async () => {
    await applyPlanChanged(database.db, { change: 'created', plan: planFixture({ currency: 'eur', monthly: { amountMinor: 1999, priceId: 'p' } }) }, new Date());
    expect(await row()).toMatchObject({ currency: 'eur', monthlyPriceCents: 1999, annualPriceCents: 54_000, deleted: false });
  });

  it('ignores a change older than the one already applied (out-of-order redelivery)', async () => {
    const now = Date.now();
    await applyPlanChanged(database.db, { change: 'updated', plan: planFixture({ monthly: { amountMinor: 6_000, priceId: 'new' } }) }, new Date(now));
    await applyPlanChanged(database.db, { change: 'updated', plan: planFixture({ monthly: { amountMinor: 4_000, priceId: 'old' } }) }, new Date(now - 1_000));
    expect((await row())?.monthlyPriceId).toBe('new');
  });

  it('keeps a deleted plan deleted when an older update arrives late', async () => {
    const now = Date.now();
    await applyPlanChanged(database.db, { change: 'deleted', plan: planFixture() }, new Date(now));
    await applyPlanChanged(database.db, { change: 'updated', plan: planFixture({ name: randomUUID() }) }, new Date(now - 5));
    expect(await row()).toMatchObject({ deleted: true, isActive: false, name: 'Starter' });
  });
});
