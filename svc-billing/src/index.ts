import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@agentdock/service-kit';
import { type BillingSchema, schema } from './db/schema';
import { billingConsumers } from './events/consumers';

/**
 * svc-billing owns subscriptions, checkout, the billing portal, payment webhooks and renewals.
 * So far it keeps its plan-price read model current from catalog events.
 */
export const billingService: ServiceDefinition<BillingSchema> = {
  name: 'svc-billing',
  defaultPort: 3103,
  schema,
  migrationsFolder: fileURLToPath(new URL('../migrations', import.meta.url)),
  mount() {},
  consumers: billingConsumers,
};
