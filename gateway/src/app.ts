import type { Express } from 'express';
import { type HttpAppKit, type Logger, createHttpApp, createTokenVerifier, notFoundHandler, optionalAuth } from '@agentdock/service-kit';
import { type FastPath, withFastPath } from './api-fast-path';
import { contentLengthLimit } from './body-limit';
import { type GatewayConfig, UPSTREAM_NAMES, type UpstreamName } from './config';
import { shellProxy } from './proxy/shell-proxy';
import { createUpstreamPool } from './proxy/upstream-pool';
import { upstreamProxy } from './proxy/upstream-proxy';
import { apiRateLimit, pageRateLimit } from './rate-limit';
import { upstreamReadiness } from './readiness';
import { runtimeConfig } from './runtime-config';
import { securityHeaders } from './security-headers';
import { cachingVerifier } from './token-cache';

// The whole /readyz answer must come back well within a load balancer's probe timeout.
const READINESS_TIMEOUT_MS = 2000;
// A replica that refused a connection is skipped this long unless a readiness probe passes sooner.
const DOWN_FOR_MS = 5_000;

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * The single public entry point: /api/<service>/* to the services, everything else to the shell.
 * On the way in, /api requests are rate limited, size-checked and, when they carry a bearer token,
 * token-checked (the services check again). Bodies are streamed on, never parsed here.
 *
 * Requests to a service skip express's router: they pass the same middleware, in the same order,
 * from a fixed list (see withFastPath); everything else is routed by express.
 */
export function createGateway(config: GatewayConfig, logger: Logger): Express {
  const verifier = cachingVerifier(createTokenVerifier({ jwksUrl: config.jwksUrl }));
  let fastPath: FastPath<UpstreamName> | undefined;
  const app = createHttpApp({
    service: 'gateway',
    logger,
    parseJsonBody: false,
    readiness: upstreamReadiness(config),
    readinessTimeoutMs: READINESS_TIMEOUT_MS,
    metrics: config.metricsToken ? { token: config.metricsToken } : 'off',
    // Public: a load balancer needs only 200/503; which service is down and why is for operators.
    readinessDetails: config.metricsToken ? { token: config.metricsToken } : 'off',
    mount: (app, kit: HttpAppKit) => {
      if (config.trustProxyHops > 0) app.set('trust proxy', config.trustProxyHops);
      const headers = securityHeaders(Object.values(config.remotes));
      app.use((req, res, next) => (isApiPath(req.url) ? headers.api : headers.documents)(req, res, next));
      app.get('/runtime-config.json', runtimeConfig(config.remotes));
      const apiChecks = [apiRateLimit(config.rateLimitPerMinute), contentLengthLimit(config.bodyLimitBytes), optionalAuth(verifier)];
      app.use('/api', ...apiChecks);
      const pools = new Map(
        UPSTREAM_NAMES.map((name) => [name, createUpstreamPool(config.upstreams[name], { probeIntervalMs: config.upstreamProbeIntervalMs, downForMs: DOWN_FOR_MS })]),
      );
      const upstreams = upstreamProxy({ pools, timeoutMs: config.upstreamTimeoutMs, logger, gatewaySecret: config.gatewaySecret });
      app.use(upstreams.middleware);
      app.use('/api', notFoundHandler());
      app.use(pageRateLimit(config.pageRateLimitPerMinute));
      app.use(shellProxy({ target: config.shellUrl, timeoutMs: config.upstreamTimeoutMs, logger }));
      // The same handlers the router would run for /api/<service>/…: none of the routes mounted in
      // between (probes, /metrics, /runtime-config.json) matches such a path.
      fastPath = {
        select: upstreams.serviceFor,
        handlers: [...kit.standardMiddleware, headers.api, ...apiChecks],
        answer: upstreams.forward,
        handleError: kit.handleError,
      };
    },
  });
  return withFastPath(app, fastPath!);
}
