import http, { type ClientRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import { parse as parseLegacyUrl } from 'node:url';
import type { Request, RequestHandler, Response } from 'express';
import { AppError, type Logger, getRequestId, sendError } from '@agentdock/service-kit';
import type { UpstreamName } from '../config';
import { keepAliveAgent } from './keep-alive-agent';
import type { UpstreamPool } from './upstream-pool';
import { clientAddress } from '../client-address';
import { passEventStreamsThrough } from './streaming';
import { UpstreamTimeoutError, responseDeadline } from './upstream-timeout';

export interface UpstreamProxyOptions {
  pools: ReadonlyMap<UpstreamName, UpstreamPool>;
  timeoutMs: number;
  logger: Logger;
}

export interface UpstreamProxy {
  /** The express middleware: proxies /api/<service>/… and passes every other request on. */
  middleware: RequestHandler;
  /** The service a URL is proxied to, or undefined when it is no service's path. */
  serviceFor(url: string): UpstreamName | undefined;
  /** Proxies a request to `name`; its answer, or the error body when the service fails, ends the response. */
  forward(name: UpstreamName, req: Request, res: Response): void;
}

/**
 * Proxies /api/<name> and everything below it to one of the service's replicas with the path
 * unchanged (services mount their routes under the same prefix). One middleware for every
 * service, mounted without a path so express leaves req.url whole: it reads the name from the
 * path and hands the request to that service. A request the chosen replica never received is sent
 * to another one; a dead service answers 503 (with Retry-After), a silent one 504, both as JSON
 * naming the service.
 *
 * Written on node:http rather than http-proxy-middleware: the library's promise steps, event
 * emitter, URL parsing and debug calls cost the gateway more CPU per request than forwarding it
 * did. What it did on the way is kept: the request's headers, with Host set to the upstream's and
 * X-Forwarded-* written by the gateway; DELETE and OPTIONS without a length sent with
 * Content-Length 0; the path joined as http-proxy joined it; the upstream's status and headers
 * copied before its body is streamed back.
 */
export function upstreamProxy({ pools, timeoutMs, logger }: UpstreamProxyOptions): UpstreamProxy {
  const services = new Map([...pools].map(([name, pool]) => [name, serviceProxy(name, pool, timeoutMs, logger)] as const));
  const serviceFor = (url: string) => {
    const name = upstreamName(url) as UpstreamName;
    return services.has(name) ? name : undefined;
  };
  const forward = (name: UpstreamName, req: Request, res: Response) => services.get(name)!(req, res);
  return {
    middleware: (req, res, next) => {
      const name = serviceFor(req.url);
      if (name) forward(name, req, res);
      else next();
    },
    serviceFor,
    forward,
  };
}

/** `catalog` for /api/catalog, /api/catalog/… and /api/catalog?…; anything else is not a service path. */
function upstreamName(url: string): string | undefined {
  if (!url.startsWith('/api/')) return undefined;
  const end = url.slice(5).search(/[/?#]/);
  return end === -1 ? url.slice(5) : url.slice(5, 5 + end);
}

/** One replica, parsed once: where requests to it go and the Host they carry. */
interface Target {
  url: string;
  request: typeof http.request;
  hostname: string;
  port: number;
  /** The Host header sent upstream (the replica's own host, as a proxy that changes the origin sends it). */
  host: string;
  /** A path the replica's URL carries, put before every request's path. */
  basePath: string;
}

function describeTarget(url: string): Target {
  // The legacy parser, as http-proxy used: its host and path are what requests carried until now.
  const parsed = parseLegacyUrl(url);
  const secure = parsed.protocol === 'https:';
  return {
    url,
    request: secure ? https.request : http.request,
    hostname: parsed.hostname ?? '',
    port: parsed.port ? Number(parsed.port) : secure ? 443 : 80,
    host: parsed.host ?? '',
    basePath: parsed.path ?? '',
  };
}

// A request URL http-proxy would have passed on unchanged: no character its URL parser escapes or
// cuts (quotes, spaces, braces, a fragment…), and a path without the empty segments or `scheme:/`
// its path joining rewrites. Nearly every request's URL is one; others take the exact rewrite.
const PLAIN_URL = /^(?:\/[A-Za-z0-9\-._~!$&()*+,;=@%]+)+\/?(?:\?[A-Za-z0-9\-._~!$&()*+,;=:@%/?]*)?$/;

/** The path sent upstream for `url`: `basePath` and the URL's path joined as http-proxy joined them. */
function upstreamPath(basePath: string, url: string): string {
  if ((basePath === '' || basePath === '/') && PLAIN_URL.test(url)) return url;
  const [path = '', ...query] = (parseLegacyUrl(url).path ?? '').split('?');
  const joined = [basePath, path].filter(Boolean).join('/').replace(/\/+/g, '/').replace('http:/', 'http://').replace('https:/', 'https://');
  return [joined, ...query].join('?');
}

type ServiceProxy = (req: Request, res: Response) => void;

/** One attempt at a request: what a client who leaves cancels. */
interface Attempt {
  proxyReq: ClientRequest;
  /** Cleared once the response began or the attempt failed (see responseDeadline). */
  deadline: NodeJS.Timeout;
}

function serviceProxy(name: UpstreamName, pool: UpstreamPool, timeoutMs: number, logger: Logger): ServiceProxy {
  const targets = new Map(pool.targets.map((url) => [url, describeTarget(url)]));
  const agent = keepAliveAgent(pool.targets[0]!);

  /** Sends one attempt of the request to `target`, handed to `onAttempt` so that a client who leaves can cancel it. */
  const send = (req: Request, res: Response, target: Target, tried: Set<string>, onAttempt: (attempt: Attempt) => void): void => {
    const proxyReq = target.request({
      hostname: target.hostname,
      port: target.port,
      method: req.method,
      path: upstreamPath(target.basePath, req.url),
      headers: upstreamHeaders(req, target),
      agent,
    });
    // Timers rather than a shared map of requests in flight: V8 handled a map keyed by each
    // short-lived request poorly (the gateway's garbage collection grew fourfold, measured).
    const deadline = responseDeadline(proxyReq, timeoutMs);
    onAttempt({ proxyReq, deadline });

    const failed = (err: Error) => {
      clearTimeout(deadline);
      // The client left first (its socket is gone): nobody is waiting for an answer or an error body.
      if (req.socket.destroyed && errorCode(err) === 'ECONNRESET') return void proxyReq.destroy();
      if (!res.headersSent && neverReachedUpstream(err, req)) {
        if (connectionRefused(err)) pool.markDown(target.url);
        tried.add(target.url);
        const next = pool.pickOtherThan(tried);
        if (next !== undefined) {
          logger.info({ err, upstream: name, replica: target.url, requestId: getRequestId(req) }, `Retrying on another ${name} replica`);
          return send(req, res, targets.get(next)!, tried, onAttempt);
        }
      }
      logger.warn({ err, upstream: name, requestId: getRequestId(req) }, `Proxying to ${name} failed`);
      // Once a response has begun there is no status left to change; cut it so the client sees it end early.
      if (res.headersSent) return void res.destroy();
      sendError(req, res, err instanceof UpstreamTimeoutError ? upstreamTimeout(name) : upstreamUnavailable(name));
    };
    req.on('error', failed);
    proxyReq.on('error', failed);
    proxyReq.on('response', (proxyRes) => {
      clearTimeout(deadline);
      passEventStreamsThrough(proxyRes, res);
      if (!res.headersSent) copyStatusAndHeaders(req, proxyRes, res);
      if (!res.writableEnded) proxyRes.pipe(res);
    });
    req.pipe(proxyReq);
  };

  return (req, res) => {
    // A DELETE or OPTIONS without a length has no body: said explicitly, some servers wait for one otherwise.
    if ((req.method === 'DELETE' || req.method === 'OPTIONS') && !req.headers['content-length']) {
      req.headers['content-length'] = '0';
      delete req.headers['transfer-encoding'];
    }
    let attempt: Attempt | undefined;
    // A client that leaves before its answer is complete (a chat stream closed in the browser) must
    // not leave the upstream working for nobody: the attempt is destroyed, before its response
    // began or mid-stream (its connection is closed). After a complete response it is a no-op: the
    // agent has taken the connection back and marked the request destroyed.
    res.on('close', () => {
      if (res.writableEnded || attempt === undefined) return;
      clearTimeout(attempt.deadline);
      attempt.proxyReq.destroy();
    });
    send(req, res, targets.get(pool.pick())!, new Set(), (started) => (attempt = started));
  };
}

/**
 * The client's headers with Host naming the upstream, and the X-Forwarded-* headers written by the
 * gateway itself. Services take the client's address from X-Forwarded-For (per-IP sign-in limits),
 * so what the client sent there is replaced, never passed on: a made-up header would otherwise
 * dodge the limits or spend another address's budget.
 */
function upstreamHeaders(req: Request, target: Target): OutgoingHttpHeaders {
  // Object.assign rather than a spread: V8 gives a spread's copy a shape that turns every header
  // added after it slow, about 4 µs per request here against 0.3 µs (measured on Node 20).
  const headers: OutgoingHttpHeaders = Object.assign({}, req.headers);
  headers.host = target.host;
  headers['x-forwarded-for'] = clientAddress(req);
  headers['x-forwarded-proto'] = req.protocol;
  const host = req.headers.host;
  if (host) headers['x-forwarded-host'] = host;
  else delete headers['x-forwarded-host'];
  return headers;
}

/** The upstream's status and headers onto the response, over any the gateway set with the same name. */
function copyStatusAndHeaders(req: IncomingMessage, proxyRes: IncomingMessage, res: Response): void {
  if (req.httpVersion === '1.0') {
    delete proxyRes.headers['transfer-encoding'];
    proxyRes.headers.connection = req.headers.connection ?? 'close';
  } else if (!proxyRes.headers.connection) {
    proxyRes.headers.connection = req.headers.connection ?? 'keep-alive';
  }
  for (const key of Object.keys(proxyRes.headers)) {
    const value = proxyRes.headers[key];
    if (value !== undefined) res.setHeader(key.trim(), value);
  }
  res.statusCode = proxyRes.statusCode ?? 502;
  if (proxyRes.statusMessage) res.statusMessage = proxyRes.statusMessage;
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

function upstreamUnavailable(name: UpstreamName): AppError {
  // 503, not 502: the service is down for a while (a deploy, a restart), and Retry-After says when to come back.
  return new AppError(503, 'upstream_unavailable', `The ${name} service is unavailable. Please try again shortly.`, { headers: { 'Retry-After': '5' } });
}

function upstreamTimeout(name: UpstreamName): AppError {
  return new AppError(504, 'upstream_timeout', `The ${name} service took too long to respond. Please try again shortly.`);
}
