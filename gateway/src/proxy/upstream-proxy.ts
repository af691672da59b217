import { type ClientRequest, type IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { onHandlersOnly } from './proxy-plugins';
import { AppError, type Logger, getRequestId, sendError } from '@agentdock/service-kit';
import type { UpstreamName } from '../config';
import { keepAliveAgent } from './keep-alive-agent';
import type { UpstreamPool } from './upstream-pool';
import { endWithClient, passEventStreamsThrough } from './streaming';
import { UpstreamTimeoutError, abortUnlessAnsweredWithin } from './upstream-timeout';

export interface UpstreamProxyOptions {
  pools: ReadonlyMap<UpstreamName, UpstreamPool>;
  timeoutMs: number;
  logger: Logger;
}

/** Which replicas a request has been sent to, so a retry goes to another one. */
const attempts = new WeakMap<IncomingMessage, { current: string; tried: Set<string> }>();

/**
 * Proxies /api/<name> and everything below it to one of the service's replicas with the path
 * unchanged (services mount their routes under the same prefix). One middleware for every
 * service, mounted without a path so express leaves req.url whole: it reads the name from the
 * path and hands the request to that service's proxy, instead of each proxy parsing the URL in
 * turn. A request the chosen replica never received is sent to another one; a dead service
 * answers 503 (with Retry-After), a silent one 504, both as JSON naming the service.
 */
export function upstreamProxy({ pools, timeoutMs, logger }: UpstreamProxyOptions): RequestHandler {
  const proxies = new Map([...pools].map(([name, pool]) => [name, serviceProxy(name, pool, timeoutMs, logger)] as const));
  return (req, res, next) => {
    const proxy = proxies.get(upstreamName(req.url) as UpstreamName);
    if (proxy) void proxy(req, res, next);
    else next();
  };
}

/** `catalog` for /api/catalog, /api/catalog/… and /api/catalog?…; anything else is not a service path. */
function upstreamName(url: string): string | undefined {
  if (!url.startsWith('/api/')) return undefined;
  const end = url.slice(5).search(/[/?#]/);
  return end === -1 ? url.slice(5) : url.slice(5, 5 + end);
}

function serviceProxy(name: UpstreamName, pool: UpstreamPool, timeoutMs: number, logger: Logger): RequestHandler {
  const proxy: RequestHandler = createProxyMiddleware<Request, Response>({
    target: pool.targets[0],
    router: (req) => {
      const attempt = attempts.get(req);
      const target = attempt ? (pool.pickOtherThan(attempt.tried) ?? attempt.current) : pool.pick();
      if (attempt) attempt.current = target;
      else attempts.set(req, { current: target, tried: new Set() });
      return target;
    },
    agent: keepAliveAgent(pool.targets[0]!),
    changeOrigin: true,
    // The default plugins log every exchange (building URLs for a logger that discards them) and
    // add listeners for debug output; only the `on` handlers below are wanted.
    ejectPlugins: true,
    plugins: onHandlersOnly,
    on: {
      proxyReq: (proxyReq, req) => {
        setForwardedHeaders(proxyReq, req);
        abortUnlessAnsweredWithin(proxyReq, timeoutMs);
      },
      proxyRes: (proxyRes, _req, res) => {
        passEventStreamsThrough(proxyRes, res);
        endWithClient(proxyRes, res);
      },
      error: (err, req, res) => {
        if (!(res instanceof ServerResponse)) return;
        const attempt = attempts.get(req);
        if (attempt && !res.headersSent && neverReachedUpstream(err, req)) {
          if (connectionRefused(err)) pool.markDown(attempt.current);
          attempt.tried.add(attempt.current);
          if (pool.targets.some((target) => !attempt.tried.has(target))) {
            logger.info({ err, upstream: name, replica: attempt.current, requestId: getRequestId(req) }, `Retrying on another ${name} replica`);
            return void proxy(req as Request, res as Response, () => sendError(req, res, upstreamUnavailable(name)));
          }
        }
        logger.warn({ err, upstream: name, requestId: getRequestId(req) }, `Proxying to ${name} failed`);
        // Once a response has begun there is no status left to change; cut it so the client sees it end early.
        if (res.headersSent) return void res.destroy();
        sendError(req, res, err instanceof UpstreamTimeoutError ? upstreamTimeout(name) : upstreamUnavailable(name));
      },
    },
  });
  return proxy;
}

const errorCode = (err: unknown) => (typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : undefined);

function connectionRefused(err: unknown): boolean {
  return ['ECONNREFUSED', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN'].includes(errorCode(err) ?? '');
}

// Methods a server may receive twice without a second effect.
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/**
 * Only a request that can be sent again whole, and that the replica either never got (the
 * connection was refused) or may safely get twice (idempotent, on a pooled connection the replica
 * closed as it was reused), is retried. A body has already been streamed into the failed attempt,
 * so a request with one is never retried.
 */
function neverReachedUpstream(err: unknown, req: IncomingMessage): boolean {
  const hasBody = (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0') || req.headers['transfer-encoding'] !== undefined;
  if (hasBody) return false;
  if (connectionRefused(err)) return true;
  return IDEMPOTENT.has(req.method ?? '') && ['ECONNRESET', 'EPIPE'].includes(errorCode(err) ?? '');
}

/**
 * Services take the client's address from X-Forwarded-For (per-IP sign-in limits), so the gateway
 * writes it itself instead of passing on what the client sent: a made-up header would otherwise
 * dodge the limits or spend another address's budget. `req.ip` is the socket's address, or the
 * client a trusted proxy in front named (TRUST_PROXY_HOPS).
 */
function setForwardedHeaders(proxyReq: ClientRequest, req: Request): void {
  proxyReq.setHeader('x-forwarded-for', req.ip ?? req.socket.remoteAddress ?? '');
  proxyReq.setHeader('x-forwarded-proto', req.protocol);
  const host = req.get('host');
  if (host) proxyReq.setHeader('x-forwarded-host', host);
  else proxyReq.removeHeader('x-forwarded-host');
}

function upstreamUnavailable(name: UpstreamName): AppError {
  // 503, not 502: the service is down for a while (a deploy, a restart), and Retry-After says when to come back.
  return new AppError(503, 'upstream_unavailable', `The ${name} service is unavailable. Please try again shortly.`, { headers: { 'Retry-After': '5' } });
}

function upstreamTimeout(name: UpstreamName): AppError {
  return new AppError(504, 'upstream_timeout', `The ${name} service took too long to respond. Please try again shortly.`);
}
