import { fileURLToPath } from 'node:url';
import { CHAT_ADMIN_BASE, CHAT_BASE, PUBLIC_API_BASE } from '@agentdock/contracts';
import type { ServiceDefinition } from '@agentdock/service-data';
import { type ChatSchema, schema } from './db/schema';
import { ApiCallerSnapshots } from './domain/api-caller-snapshots';
import { ApiKeyCache } from './domain/api-key-cache';
import { ApiLimits } from './domain/api-limits';
import { chatConsumers } from './events/consumers';
import { bootstrapConnection } from './domain/connections';
import { type ChatProviderEnv, chatProviderEnv, connectionSettings, createProvider, DEMO_PROVIDER_NAME, type ProviderHandle } from './providers/config';
import { ConnectionDirectory, type ConnectionSettings } from './providers/connection-directory';
import type { ChatProvider } from './providers/provider';
import { chatAdminRouter } from './routes/admin';
import { chatExportsRouter } from './routes/admin-exports';
import { chatStatsRouter } from './routes/admin-stats';
import { chatRouter } from './routes/chat';
import { poolAdminRouter, poolRouter } from './routes/pools';
import { connectionsRouter } from './routes/connections';
import { knowledgeAdminRouter, passageRouter } from './routes/knowledge';
import { publicApiErrorHandler, publicApiRouter } from './routes/public-api';

export { chatProviderEnv, type ChatProviderEnv, DEMO_PROVIDER_NAME, standaloneChatEnv } from './providers/config';
export type { ChatProvider } from './providers/provider';

export interface ChatServiceOptions {
  /** Provider settings; read from process.env at start when not given. */
  env?: ChatProviderEnv;
  /** A ready provider instead of one built from `env`. */
  provider?: ChatProvider;
}

/** The provider svc-chat connects to at start, and the settings it was built from. */
interface ChatDeps {
  handle: ProviderHandle;
  env: ChatProviderEnv;
  settings: ConnectionSettings;
  connections: ConnectionDirectory;
  /** The `/v1` API keys this replica has read, forgotten by the key events it consumes. */
  keys: ApiKeyCache;
}

/**
 * svc-chat owns conversations, agent providers, the credit wallet and usage. With no provider
 * configured the demo provider at DEMO_AGENT_PROVIDER_URL answers (the launcher runs one).
 */
export function createChatService(options: ChatServiceOptions = {}): ServiceDefinition<ChatSchema, ChatDeps> {
  return {
    name: 'svc-chat',
    defaultPort: 3104,
    schema,
    migrationsFolder: fileURLToPath(new URL('../migrations', import.meta.url)),
    consumers: chatConsumers,
    async onStart(context) {
      const env = options.env ?? chatProviderEnv.parse(process.env);
      const handle = options.provider ? { provider: options.provider, close: async () => undefined } : await createProvider(env);
      const { name, demo } = handle.provider;
      context.logger.info({ provider: name, demo }, demo ? 'chat answers with the built-in demo provider' : 'chat provider configured');
      const settings = connectionSettings(env);
      // A provider handed in (tests) is the whole configuration: nothing is made from the environment.
      if (!options.provider) {
        await bootstrapConnection(context, {
          provider: env.CHAT_PROVIDER,
          name: env.CHAT_PROVIDER_NAME,
          openAiBaseUrl: env.OPENAI_BASE_URL,
          openAiKey: env.OPENAI_API_KEY ?? null,
          openAiModel: env.OPENAI_MODEL,
          demoUrl: env.DEMO_AGENT_PROVIDER_URL ?? null,
          demoName: DEMO_PROVIDER_NAME,
        });
      }
      return { handle, env, settings, connections: new ConnectionDirectory(context.db, settings, handle.provider), keys: new ApiKeyCache() };
    },
    mount(app, context, { handle, env, settings, connections, keys }) {
      const sendDeps = {
        context,
        provider: handle.provider,
        connections,
        lowBalanceRatio: env.CHAT_LOW_BALANCE_RATIO,
        replyLimits: { maxReplyTokens: env.CHAT_MAX_REPLY_TOKENS, perAgent: env.CHAT_AGENT_MAX_REPLY_TOKENS },
      };
      // The OpenAI-compatible API: API keys instead of session tokens, OpenAI's shapes for answers and errors.
      // Mounted first: its requests then pass no other router on the way (none of theirs is under /v1).
      const limits = new ApiLimits({
        requestsPerMinute: {
          free: env.API_RATE_LIMIT_PER_MINUTE_FREE,
          starter: env.API_RATE_LIMIT_PER_MINUTE_STARTER,
          professional: env.API_RATE_LIMIT_PER_MINUTE_PROFESSIONAL,
          enterprise: env.API_RATE_LIMIT_PER_MINUTE_ENTERPRISE,
        },
        maxConcurrentStreams: env.API_MAX_CONCURRENT_STREAMS,
      });
      app.use(PUBLIC_API_BASE, publicApiRouter({ ...sendDeps, limits, keys, snapshots: new ApiCallerSnapshots(), logContent: env.API_LOG_CONTENT }));
      app.use(PUBLIC_API_BASE, publicApiErrorHandler(context.logger));
      app.use(chatStatsRouter(context), chatExportsRouter(context));
      app.use(CHAT_ADMIN_BASE, knowledgeAdminRouter(context));
      app.use(CHAT_ADMIN_BASE, chatAdminRouter(context));
      app.use(CHAT_ADMIN_BASE, poolAdminRouter(context));
      app.use(CHAT_ADMIN_BASE, connectionsRouter(sendDeps, settings));
      app.use(CHAT_BASE, passageRouter(context));
      app.use(CHAT_BASE, poolRouter(context));
      app.use(CHAT_BASE, chatRouter(sendDeps));
    },
    async onStop(_context, { handle }) {
      await handle.close();
    },
  };
}
