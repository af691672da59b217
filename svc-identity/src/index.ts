import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@agentdock/service-kit';
import { type IdentitySchema, schema } from './db/schema';

/** svc-identity owns users, credentials, sessions, roles, suspension and email. */
export const identityService: ServiceDefinition<IdentitySchema> = {
  name: 'svc-identity',
  defaultPort: 3101,
  schema,
  migrationsFolder: fileURLToPath(new URL('../migrations', import.meta.url)),
  mount() {},
};
