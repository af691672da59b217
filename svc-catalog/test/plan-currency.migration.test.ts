import { fileURLToPath } from 'node:url';
import { openDatabase } from '@agentdock/service-data';
import { sql } from '@agentdock/service-data/orm';
import { durableDatabase, migrationsBefore, type TestDatabase } from '@agentdock/service-data/testing';
import { schema } from '../src/db/schema';
import { toPlan } from '../src/domain/plans';
import { DRIVER } from './harness';

const migrations = fileURLToPath(new URL('../migrations', import.meta.url));

describe(`catalog migration 0002_plan_currency (${DRIVER})`, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await durableDatabase();
  });
  afterEach(() => database.drop());

  it('gives the plans already stored the currency their cents were in (usd), and keeps their amounts', async () => {
    const before = await migrationsBefore(migrations, '0002_plan_currency');
    try {
      const old = await openDatabase({ target: database.target, schema, migrationsFolder: before.folder });
      await old.db.execute(
        sql`insert into subscription_plans (id, name, tier, monthly_price_cents, annual_price_cents, cta) values ('legacy', 'Legacy', 'starter', 1999, 21588, 'Go')`,
      );
      await old.close();
    } finally {
      await before.remove();
    }

    const migrated = await openDatabase({ target: database.target, schema, migrationsFolder: migrations });
    try {
      const [row] = await migrated.db.select().from(schema.plans);
      expect(toPlan(row!)).toMatchObject({ id: 'legacy', currency: 'usd', monthly: { amountMinor: 1_999 }, annual: { amountMinor: 21_588 }, annualPerMonthMinor: 1_800 });
      await expect(migrated.db.execute(sql`update subscription_plans set currency = 'US dollars'`)).rejects.toMatchObject({
        cause: expect.objectContaining({ constraint: 'subscription_plans_currency_check' }),
      });
    } finally {
      await migrated.close();
    }
  });
});
