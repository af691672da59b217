import { type LogLevel, byteSizeSchema, hostSchema, httpUrlSchema, loadConfig, logLevelSchema, portSchema, positiveIntSchema, proxyHopsSchema } from '@agentdock/service-kit';
import { endpointUrl, IDENTITY_JWKS_ENDPOINT } from '@agentdock/contracts';
import { type RuntimeConfig, manifestUrl } from '@agentdock/contracts/runtime-config';
import { z } from 'zod';

/** The services behind /api/<name>; each mounts its routes under that same prefix. */
export const UPSTREAM_NAMES = ['identity', 'catalog', 'billing', 'chat'] as const;
export type UpstreamName = (typeof UPSTREAM_NAMES)[number];

export interface GatewayConfig {
  port: number;
  host: string;
  /** Each service's replicas (one or more URLs), served round robin to those that are ready. */
  upstreams: Record<UpstreamName, string[]>;
  /** How often each replica's readiness is probed when a service has more than one. */
  upstreamProbeIntervalMs: number;
  /**
   * On SIGTERM, how long the gateway keeps serving while its /healthz and /readyz answer 503
   * (DRAIN_DELAY_MS): the load balancer takes it out of rotation before it stops accepting.
   */
  drainDelayMs: number;
  shellUrl: string;
  /** Manifest URLs handed to the browser by /runtime-config.json and allowed by the CSP. */
  remotes: RuntimeConfig['remotes'];
  jwksUrl: string;
  rateLimitPerMinute: number;
  /**
   * Where every gateway replica counts the per-IP /api limit together (RATE_LIMIT_REDIS_URL, else
   * REDIS_URL); unset, each replica counts in its own memory.
   */
  rateLimitRedisUrl: string | undefined;
  /** Prefix of the limit's keys in that Redis, so several deployments can share one. */
  rateLimitKeyPrefix: string;
  /** Page requests (not files, not /api) per client IP and minute: each may cost a server render. */
  pageRateLimitPerMinute: number;
  bodyLimitBytes: number;
  /** How long an upstream may take to start answering before the client gets a 504. */
  upstreamTimeoutMs: number;
  /** Proxies in front of the gateway (load balancer, TLS terminator) whose X-Forwarded-For is trusted. */
  trustProxyHops: number;
  /** The gateway is public: its /metrics answers only with `Authorization: Bearer <this>`, and not at all without one. */
  metricsToken: string | undefined;
  /**
   * Sent to the services with every request (GATEWAY_SECRET): it is how they know the
   * X-Forwarded-For naming the client comes from here. Unset, they count every client as the gateway.
   */
  gatewaySecret: string | undefined;
  logLevel: LogLevel;
}

/** Where the browser fetches a remote's manifest: the runtime-config contract's own rule. */
const manifestUrlSchema = (fallback: string) => z.string().default(fallback).pipe(manifestUrl);

/** One service's replicas: a URL, or several separated by commas. */
const upstreamUrlsSchema = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const candidates = value
        .split(',')
        .map((url) => url.trim())
        .filter((url) => url !== '');
      if (candidates.length === 0) ctx.addIssue({ code: 'custom', message: 'expected at least one URL' });
      const urls: string[] = [];
      for (const candidate of candidates) {
        const parsed = httpUrlSchema.safeParse(candidate);
        if (parsed.success) urls.push(parsed.data);
        else ctx.addIssue({ code: 'custom', message: candidates.length === 1 ? 'expected an http(s) URL' : `expected http(s) URLs, "${candidate}" is not one` });
      }
      return urls;
    });

const gatewayEnvSchema = z
  .object({
    PORT: portSchema.default(3000),
    HOST: hostSchema.default('0.0.0.0'),
    IDENTITY_URL: upstreamUrlsSchema('http://127.0.0.1:3101'),
    CATALOG_URL: upstreamUrlsSchema('http://127.0.0.1:3102'),
    BILLING_URL: upstreamUrlsSchema('http://127.0.0.1:3103'),
    CHAT_URL: upstreamUrlsSchema('http://127.0.0.1:3104'),
    SHELL_URL: httpUrlSchema.default('http://127.0.0.1:3200'),
    REMOTE_MARKETING_URL: manifestUrlSchema('http://localhost:3201/mf-manifest.json'),
    REMOTE_ACCOUNT_URL: manifestUrlSchema('http://localhost:3202/mf-manifest.json'),
    REMOTE_CHAT_URL: manifestUrlSchema('http://localhost:3203/mf-manifest.json'),
    REMOTE_ADMIN_URL: manifestUrlSchema('http://localhost:3204/mf-manifest.json'),
    JWKS_URL: httpUrlSchema.optional(),
    RATE_LIMIT_PER_MINUTE: positiveIntSchema.default(300),
    REDIS_URL: z.string().optional(),
    RATE_LIMIT_REDIS_URL: z.string().optional(),
    RATE_LIMIT_KEY_PREFIX: z.string().max(100, { error: 'expected at most 100 characters' }).default('agentdock:gateway:api'),
    PAGE_RATE_LIMIT_PER_MINUTE: positiveIntSchema.default(120),
    BODY_LIMIT: byteSizeSchema.prefault('1mb'),
    UPSTREAM_TIMEOUT_MS: positiveIntSchema.default(30_000),
    UPSTREAM_PROBE_INTERVAL_MS: positiveIntSchema.default(1_000),
    DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    TRUST_PROXY_HOPS: proxyHopsSchema.default(0),
    METRICS_TOKEN: z.string().min(16, { error: 'expected at least 16 characters' }).optional(),
    GATEWAY_SECRET: z.string().min(16, { error: 'expected at least 16 characters' }).optional(),
    LOG_LEVEL: logLevelSchema,
  })
  .transform((env, ctx): GatewayConfig => ({
    port: env.PORT,
    host: env.HOST,
    upstreams: { identity: env.IDENTITY_URL, catalog: env.CATALOG_URL, billing: env.BILLING_URL, chat: env.CHAT_URL },
    shellUrl: env.SHELL_URL,
    remotes: {
      marketing: env.REMOTE_MARKETING_URL,
      account: env.REMOTE_ACCOUNT_URL,
      chat: env.REMOTE_CHAT_URL,
      admin: env.REMOTE_ADMIN_URL,
    },
    // Every identity replica serves the same keys.
    jwksUrl: env.JWKS_URL ?? `${env.IDENTITY_URL[0]}${endpointUrl(IDENTITY_JWKS_ENDPOINT)}`,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    rateLimitRedisUrl: redisUrl(env.RATE_LIMIT_REDIS_URL ?? env.REDIS_URL, env.RATE_LIMIT_REDIS_URL ? 'RATE_LIMIT_REDIS_URL' : 'REDIS_URL', ctx),
    rateLimitKeyPrefix: env.RATE_LIMIT_KEY_PREFIX,
    pageRateLimitPerMinute: env.PAGE_RATE_LIMIT_PER_MINUTE,
    bodyLimitBytes: env.BODY_LIMIT,
    upstreamTimeoutMs: env.UPSTREAM_TIMEOUT_MS,
    upstreamProbeIntervalMs: env.UPSTREAM_PROBE_INTERVAL_MS,
    drainDelayMs: env.DRAIN_DELAY_MS,
    trustProxyHops: env.TRUST_PROXY_HOPS,
    metricsToken: env.METRICS_TOKEN,
    gatewaySecret: env.GATEWAY_SECRET,
    logLevel: env.LOG_LEVEL,
  }));

/**
 * A redis:// or rediss:// URL, or undefined. A bad one is reported without its value (the usual
 * "got …" of a configuration error): a Redis URL often carries a password.
 */
function redisUrl(value: string | undefined, variable: string, ctx: z.RefinementCtx): string | undefined {
  if (value === undefined) return undefined;
  if (/^rediss?:\/\/[^/]/.test(value) && URL.canParse(value)) return value;
  ctx.addIssue({ code: 'custom', path: [], message: `${variable}: expected a redis:// or rediss:// URL (the value is not shown: it may hold a password)` });
  return undefined;
}

/** Reads the gateway's configuration from the environment; throws a ConfigError listing every problem. */
export function loadGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  return loadConfig(gatewayEnvSchema, env, 'gateway');
}
