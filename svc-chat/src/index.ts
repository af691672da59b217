import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@agentdock/service-data';
import { type ChatSchema, schema } from './db/schema';
import { chatConsumers } from './events/consumers';
import { type ChatProviderEnv, chatProviderEnv, createProvider, type ProviderHandle } from './providers/config';
import type { ChatProvider } from './providers/provider';
import { chatAdminRouter } from './routes/admin';
import { chatRouter } from './routes/chat';

export { chatProviderEnv, type ChatProviderEnv } from './providers/config';
export type { ChatProvider } from './providers/provider';

export interface ChatServiceOptions {
  /** Provider settings; read from process.env at start when not given. */
  env?: ChatProviderEnv;
  /** A ready provider instead of one built from `env`. */
  provider?: ChatProvider;
}

/**
 * svc-chat owns conversations, agent providers, the credit wallet and usage. With no provider
 * configured the built-in demo provider answers.
 */
export function createChatService(options: ChatServiceOptions = {}): ServiceDefinition<ChatSchema> {
  let handle: ProviderHandle | undefined;
  let env: ChatProviderEnv | undefined;
  return {
    name: 'svc-chat',
    defaultPort: 3104,
    schema,
    migrationsFolder: fileURLToPath(new URL('../migrations', import.meta.url)),
    consumers: chatConsumers,
    async onStart(context) {
      env = options.env ?? chatProviderEnv.parse(process.env);
      handle = options.provider ? { provider: options.provider, close: async () => undefined } : await createProvider(env);
      const { name, demo } = handle.provider;
      context.logger.info({ provider: name, demo }, demo ? 'chat answers with the built-in demo provider' : 'chat provider configured');
    },
    mount(app, context) {
      if (!handle || !env) throw new Error('svc-chat mounted before its provider started');
      app.use('/api/chat/admin', chatAdminRouter(context));
      app.use('/api/chat', chatRouter({ context, provider: handle.provider, lowBalanceRatio: env.CHAT_LOW_BALANCE_RATIO }));
    },
    async onStop() {
      await handle?.close();
    },
  };
}

export const chatService = createChatService();
