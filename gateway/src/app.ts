import type { RequestHandler } from 'express';
import { isKnowledgeUpload, PUBLIC_API_BASE } from '@agentdock/contracts';
import { type HttpAppKit, type Logger, cachingVerifier, createHttpApp, createTokenVerifier, notFoundHandler, optionalAuth } from '@agentdock/service-kit';
import { type FrontedApp, apiPipeline, expressRequest, frontOf } from './api-pipeline';
import { clientAddress } from './client-address';
import { contentLengthLimit } from './body-limit';
import { type GatewayConfig, UPSTREAM_NAMES } from './config';
import { shellProxy } from './proxy/shell-proxy';
import { createUpstreamPool } from './proxy/upstream-pool';
import { publicApiErrorHandler, sendOpenAiError } from './public-api-errors';
import { upstreamProxy } from './proxy/upstream-proxy';
import { pageFloodGuard } from './page-flood-guard';
import { upstreamReadiness } from './readiness';
import { runtimeConfig } from './runtime-config';
import { API_HEADERS, securityHeaders } from './security-headers';
import { createApiRateLimit } from './shared-rate-limit';

// The whole /readyz answer must come back well within a load balancer's probe timeout.
const READINESS_TIMEOUT_MS = 2000;
// A replica that refused a connection is skipped this long unless a readiness probe passes sooner.
const DOWN_FOR_MS = 5_000;

/**
 * The layers every API request passes, in this order, before it is proxied (or answered 404):
 * the kit's standard middleware (request id, request log and metrics, NUL guard, no-store for
 * signed-in answers), the API security headers, the per-IP rate limit, the body limit, and the
 * check of a bearer JWT. There is no other place to add one: express never sees an API request.
 */
export const API_LAYERS = ['standard', 'securityHeaders', 'rateLimit', 'bodyLimit', 'tokenCheck'] as const;
export type ApiLayerName = (typeof API_LAYERS)[number];

/**
 * What the public API (/v1) skips: its bearer is an API key (`adk_…`), not a JWT, and reaches
 * svc-chat untouched, which verifies it.
 */
export const SKIPPED_BY_PUBLIC_API: ReadonlySet<ApiLayerName> = new Set(['tokenCheck']);

/** The gateway as a node:http request listener (startHttpServer, supertest), and what it holds open. */
export type Gateway = FrontedApp & {
  /**
   * From now on /healthz and /readyz answer 503 ("draining") while every other request is still
   * served: a load balancer's checks take the gateway out of rotation before it stops accepting.
   */
  drain(): void;
  /** Stops the replica probes and closes the rate limit's Redis connection, if any. */
  close(): Promise<void>;
};

const HEALTH_PATHS = new Set(['/healthz', '/readyz']);
// The gateway's own endpoints: probes and scrapes come often from one address, and are no pages.
const OWN_PATHS: ReadonlySet<string> = new Set([...HEALTH_PATHS, '/metrics']);

/** /api, /api/… and /api?…: the services' own API, behind the token check. */
export const isApiPath = (url: string): boolean => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** /v1, /v1/… and /v1?…: the OpenAI-compatible public API, served by svc-chat whatever the path. */
export const isPublicApiPath = (url: string): boolean => url === PUBLIC_API_BASE || url.startsWith(`${PUBLIC_API_BASE}/`) || url.startsWith(`${PUBLIC_API_BASE}?`);

/**
 * The single public entry point: /api/<service>/* to the services, /v1 (the public API) to chat,
 * everything else to the shell. On the way in, API requests are rate limited, size-checked and,
 * when they carry a bearer token outside /v1, token-checked (the services check again). Bodies are
 * streamed on, never parsed here.
 *
 * API requests are taken by a node:http listener in front of express, through API_LAYERS in order
 * (see apiPipeline); the express app behind it serves the gateway's own endpoints and the shell.
 */
export function createGateway(config: GatewayConfig, logger: Logger): Gateway {
  // Remembered until the token expires: the gateway's check is an early refusal, and every service
  // verifies each token again (remembering it a minute at most) and applies suspensions itself.
  const verifier = cachingVerifier(createTokenVerifier({ jwksUrl: config.jwksUrl }));
  const headers = securityHeaders(Object.values(config.remotes));
  const rateLimit = createApiRateLimit({ perMinute: config.rateLimitPerMinute, redisUrl: config.rateLimitRedisUrl, keyPrefix: config.rateLimitKeyPrefix, logger });
  const pools = new Map(
    UPSTREAM_NAMES.map((name) => [name, createUpstreamPool(config.upstreams[name], { probeIntervalMs: config.upstreamProbeIntervalMs, downForMs: DOWN_FOR_MS })]),
  );
  const upstreams = upstreamProxy({ pools, timeoutMs: config.upstreamTimeoutMs, logger, gatewaySecret: config.gatewaySecret });
  let kit: HttpAppKit | undefined;
  const app = createHttpApp({
    service: 'gateway',
    logger,
    parseJsonBody: false,
    readiness: upstreamReadiness(config),
    readinessTimeoutMs: READINESS_TIMEOUT_MS,
    metrics: config.metricsToken ? { token: config.metricsToken } : 'off',
    // Public: a load balancer needs only 200/503; which service is down and why is for operators.
    readinessDetails: config.metricsToken ? { token: config.metricsToken } : 'off',
    mount: (app, appKit) => {
      kit = appKit;
      if (config.trustProxyHops > 0) app.set('trust proxy', config.trustProxyHops);
      // Pages (within their budget, see pageGuard) and files only: API requests never reach the app (see frontOf below).
      app.use(headers.documents);
      app.get('/runtime-config.json', runtimeConfig(config.remotes));
      app.use(shellProxy({ target: config.shellUrl, timeoutMs: config.upstreamTimeoutMs, logger }));
    },
  });
  const { standardMiddleware, handleError } = kit!;

  const layers: Record<ApiLayerName, readonly RequestHandler[]> = {
    standard: standardMiddleware,
    securityHeaders: [headers.api],
    rateLimit: [rateLimit.handler],
    bodyLimit: [contentLengthLimit(config.bodyLimitBytes, (req) => isKnowledgeUpload(req.method, req.originalUrl ?? req.url))],
    tokenCheck: [optionalAuth(verifier)],
  };
  const inOrder = (skipped: ReadonlySet<ApiLayerName>) => API_LAYERS.filter((name) => !skipped.has(name)).flatMap((name) => layers[name]);
  const notFound = notFoundHandler();
  const api = apiPipeline({
    app,
    layers: inOrder(new Set()),
    answer: (req, res) => {
      const name = upstreams.serviceFor(req.url);
      if (name === undefined) notFound(req, res, () => undefined);
      else upstreams.forward(name, req, res);
    },
    handleError,
  });
  // The public API's clients are OpenAI SDKs: the gateway's own refusals there (rate limit, body
  // limit, chat down or slow) come in OpenAI's error shape, as svc-chat's do.
  const publicApi = apiPipeline({
    app,
    layers: inOrder(SKIPPED_BY_PUBLIC_API),
    answer: (req, res) => upstreams.forward('chat', req, res, sendOpenAiError),
    handleError: publicApiErrorHandler(logger),
  });

  const pageGuard = pageFloodGuard({
    perMinute: config.pageRateLimitPerMinute,
    addressOf: (req) => clientAddress(expressRequest(app, req)),
    headers: API_HEADERS,
    exempt: OWN_PATHS,
    logger,
  });

  let draining = false;
  const listener = frontOf(app, (req, res) => {
    const url = req.url ?? '';
    if (draining && HEALTH_PATHS.has(url)) {
      res.writeHead(503, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify({ status: 'draining' }));
    } else if (isApiPath(url)) api(req, res);
    else if (isPublicApiPath(url)) publicApi(req, res);
    else return pageGuard.refuse(req, res);
    return true;
  });
  return Object.assign(listener, {
    drain: () => {
      draining = true;
    },
    close: async () => {
      pageGuard.close();
      for (const pool of pools.values()) pool.close();
      await rateLimit.close();
    },
  });
}
