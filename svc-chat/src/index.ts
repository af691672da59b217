import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@agentdock/service-kit';
import { type ChatSchema, schema } from './db/schema';

/** svc-chat owns conversations, agent providers, the credit wallet and usage. */
export const chatService: ServiceDefinition<ChatSchema> = {
  name: 'svc-chat',
  defaultPort: 3104,
  schema,
  migrationsFolder: fileURLToPath(new URL('../migrations', import.meta.url)),
  mount() {},
};
