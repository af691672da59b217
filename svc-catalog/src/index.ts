import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@agentdock/service-kit';
import { type CatalogSchema, schema } from './db/schema';
import { seedPlansIfEmpty } from './domain/plans';
import { SEED_PLANS } from './domain/seed-plans';
import { plansRouter } from './routes/plans';

/** svc-catalog owns plans (and, as the product grows, agents, content sections and courses). */
export const catalogService: ServiceDefinition<CatalogSchema> = {
  name: 'svc-catalog',
  defaultPort: 3102,
  schema,
  migrationsFolder: fileURLToPath(new URL('../migrations', import.meta.url)),
  mount(app, context) {
    app.use('/api/catalog', plansRouter(context));
  },
  async onStart(context) {
    const seeded = await seedPlansIfEmpty(context, SEED_PLANS);
    if (seeded > 0) context.logger.info({ seeded }, 'seeded the default plans');
  },
};
