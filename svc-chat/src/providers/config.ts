import { booleanFlagSchema, createSecretBox, encryptionKeySchema, encryptionKeysSchema } from '@agentdock/service-kit';
import { z } from 'zod';
import { AGENT_PLATFORM_TIMING, AgentPlatformProvider } from './agent-platform';
import { OpenAiCompatibleProvider } from './openai-compatible';
import type { ConnectionSettings } from './connection-directory';
import type { ChatProvider } from './provider';

const positiveInt = z.coerce.number().int().positive();
const rateLimit = positiveInt.max(1_000_000);

/** The name svc-chat and the console show while the demo provider answers. */
export const DEMO_PROVIDER_NAME = 'Demo provider (built in)';

/** An environment variable holding a JSON object of agent key → value. */
function jsonRecord<T extends z.ZodType>(value: T, message: string) {
  return z
    .string()
    .default('{}')
    .transform((text, ctx) => {
      try {
        return z.record(z.string(), value).parse(JSON.parse(text));
      } catch {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
    });
}

/** Provider settings, from the environment only: credentials never come from a request or the database. */
export const chatProviderEnv = z.object({
  /** `openai` (any OpenAI-compatible server), `agent-platform` (trigger/poll) or unset: the demo provider at DEMO_AGENT_PROVIDER_URL. */
  CHAT_PROVIDER: z.enum(['openai', 'agent-platform', 'demo']).default('demo'),
  CHAT_PROVIDER_NAME: z.string().min(1).default('AI provider'),
  /**
   * How long a reply may take to start: a stream's first bytes, or the whole answer of a short
   * reply nobody streams, which is asked for in one piece (see OpenAiCompatibleProvider).
   */
  CHAT_PROVIDER_TIMEOUT_MS: positiveInt.default(60_000),
  /** A streamed reply that sends nothing for this long ends as a failure (refunded in full). */
  CHAT_PROVIDER_IDLE_TIMEOUT_MS: positiveInt.default(30_000),
  /** The longest reply an agent may give, in tokens, unless CHAT_AGENT_MAX_REPLY_TOKENS says otherwise for it. */
  CHAT_MAX_REPLY_TOKENS: positiveInt.default(4_096),
  /** JSON object of agent key → maximum reply tokens, for agents the operator holds to another length. */
  CHAT_AGENT_MAX_REPLY_TOKENS: jsonRecord(z.number().int().positive(), 'must be a JSON object of agent key to a whole number of tokens'),
  OPENAI_BASE_URL: z.string().url().default('https://api.openai.com/v1'),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  OPENAI_IMAGE_MODEL: z.string().min(1).default('gpt-image-1'),
  /** JSON object of agent key → model, for agents that need another model than OPENAI_MODEL. */
  OPENAI_AGENT_MODELS: jsonRecord(z.string(), 'must be a JSON object of agent key to model name'),
  AGENT_PLATFORM_URL: z.string().url().optional(),
  AGENT_PLATFORM_PROJECT_ID: z.string().min(1).optional(),
  AGENT_PLATFORM_API_KEY: z.string().min(1).optional(),
  AGENT_PLATFORM_FIRST_WAIT_MS: positiveInt.default(AGENT_PLATFORM_TIMING.firstWaitMs),
  AGENT_PLATFORM_INTERVAL_MS: positiveInt.default(AGENT_PLATFORM_TIMING.intervalMs),
  AGENT_PLATFORM_GREETING_WAIT_MS: positiveInt.default(AGENT_PLATFORM_TIMING.greetingWaitMs),
  AGENT_PLATFORM_GREETING_INTERVAL_MS: positiveInt.default(AGENT_PLATFORM_TIMING.greetingIntervalMs),
  AGENT_PLATFORM_MAX_ATTEMPTS: positiveInt.default(AGENT_PLATFORM_TIMING.maxAttempts),
  /**
   * The demo provider's OpenAI-compatible base URL (CHAT_PROVIDER=demo). `npm start` runs one and
   * sets it; svc-chat carries no demo code, so run alone it needs this set.
   */
  DEMO_AGENT_PROVIDER_URL: z.string().url().optional(),
  /**
   * Seals the API keys of the model connections admins add in the console (AES-256-GCM, 32 bytes in
   * base64: `openssl rand -base64 32`). `npm start` keeps one in its data folder; without it no key
   * can be stored (connections without a key, and the environment's own, still work).
   */
  CONNECTIONS_ENCRYPTION_KEY: z.preprocess((value) => (value === '' ? undefined : value), encryptionKeySchema.optional()),
  /** Earlier keys, comma-separated: still opened after a rotation. */
  CONNECTIONS_ENCRYPTION_KEY_PREVIOUS: encryptionKeysSchema.default([]),
  /** Share of the period's allowance below which the low-balance email goes out. */
  CHAT_LOW_BALANCE_RATIO: z.coerce.number().min(0).max(1).default(0.1),
  /** `/v1` requests per minute per API key, by the key owner's plan (counted per replica). */
  API_RATE_LIMIT_PER_MINUTE_FREE: rateLimit.default(20),
  API_RATE_LIMIT_PER_MINUTE_STARTER: rateLimit.default(60),
  API_RATE_LIMIT_PER_MINUTE_PROFESSIONAL: rateLimit.default(120),
  API_RATE_LIMIT_PER_MINUTE_ENTERPRISE: rateLimit.default(300),
  /** Streamed `/v1` completions one API key may have open at once (per replica). */
  API_MAX_CONCURRENT_STREAMS: positiveInt.max(1_000).default(4),
  /** true: `/v1` requests' messages and replies go to the log (info); otherwise only their metadata is recorded. */
  API_LOG_CONTENT: booleanFlagSchema.default(false),
});
export type ChatProviderEnv = z.infer<typeof chatProviderEnv>;

const DEMO_URL_MISSING =
  'CHAT_PROVIDER=demo (the default) needs DEMO_AGENT_PROVIDER_URL, the demo provider to answer with (npm start runs one); or set CHAT_PROVIDER to openai or agent-platform';

/**
 * The provider settings of a svc-chat run on its own, where nothing starts a demo provider: checked
 * before the database opens, so a missing URL is named at once.
 */
export const standaloneChatEnv = chatProviderEnv.superRefine((env, ctx) => {
  if (env.CHAT_PROVIDER === 'demo' && !env.DEMO_AGENT_PROVIDER_URL) ctx.addIssue({ code: 'custom', path: ['DEMO_AGENT_PROVIDER_URL'], message: DEMO_URL_MISSING });
});

export interface ProviderHandle {
  provider: ChatProvider;
  close(): Promise<void>;
}

export async function createProvider(env: ChatProviderEnv): Promise<ProviderHandle> {
  const timeoutMs = env.CHAT_PROVIDER_TIMEOUT_MS;
  const idleTimeoutMs = env.CHAT_PROVIDER_IDLE_TIMEOUT_MS;
  if (env.CHAT_PROVIDER === 'openai') {
    if (!env.OPENAI_API_KEY) throw new Error('CHAT_PROVIDER=openai needs OPENAI_API_KEY');
    return {
      provider: new OpenAiCompatibleProvider({
        name: env.CHAT_PROVIDER_NAME,
        demo: false,
        baseUrl: env.OPENAI_BASE_URL,
        apiKey: env.OPENAI_API_KEY,
        model: env.OPENAI_MODEL,
        imageModel: env.OPENAI_IMAGE_MODEL,
        models: env.OPENAI_AGENT_MODELS,
        timeoutMs,
        idleTimeoutMs,
      }),
      close: async () => undefined,
    };
  }
  if (env.CHAT_PROVIDER === 'agent-platform') {
    if (!env.AGENT_PLATFORM_URL || !env.AGENT_PLATFORM_PROJECT_ID || !env.AGENT_PLATFORM_API_KEY) {
      throw new Error('CHAT_PROVIDER=agent-platform needs AGENT_PLATFORM_URL, AGENT_PLATFORM_PROJECT_ID and AGENT_PLATFORM_API_KEY');
    }
    return {
      provider: new AgentPlatformProvider({
        name: env.CHAT_PROVIDER_NAME,
        baseUrl: env.AGENT_PLATFORM_URL,
        authorization: `${env.AGENT_PLATFORM_PROJECT_ID}:${env.AGENT_PLATFORM_API_KEY}`,
        firstWaitMs: env.AGENT_PLATFORM_FIRST_WAIT_MS,
        intervalMs: env.AGENT_PLATFORM_INTERVAL_MS,
        greetingWaitMs: env.AGENT_PLATFORM_GREETING_WAIT_MS,
        greetingIntervalMs: env.AGENT_PLATFORM_GREETING_INTERVAL_MS,
        maxAttempts: env.AGENT_PLATFORM_MAX_ATTEMPTS,
        requestTimeoutMs: timeoutMs,
      }),
      close: async () => undefined,
    };
  }
  if (!env.DEMO_AGENT_PROVIDER_URL) throw new Error(DEMO_URL_MISSING);
  return {
    provider: new OpenAiCompatibleProvider({
      name: DEMO_PROVIDER_NAME,
      demo: true,
      baseUrl: env.DEMO_AGENT_PROVIDER_URL,
      apiKey: 'demo',
      model: 'agentdock-demo',
      imageModel: 'agentdock-demo-image',
      models: {},
      timeoutMs,
      idleTimeoutMs,
    }),
    close: async () => undefined,
  };
}

/** How svc-chat opens and calls the model connections, from its settings. */
export function connectionSettings(env: ChatProviderEnv): ConnectionSettings {
  return {
    box: env.CONNECTIONS_ENCRYPTION_KEY ? createSecretBox(env.CONNECTIONS_ENCRYPTION_KEY, env.CONNECTIONS_ENCRYPTION_KEY_PREVIOUS, 'CONNECTIONS_ENCRYPTION_KEY_PREVIOUS') : null,
    timeoutMs: env.CHAT_PROVIDER_TIMEOUT_MS,
    idleTimeoutMs: env.CHAT_PROVIDER_IDLE_TIMEOUT_MS,
    environmentKey: env.OPENAI_API_KEY ?? null,
    imageModel: env.OPENAI_IMAGE_MODEL,
    environmentModels: env.OPENAI_AGENT_MODELS,
  };
}
