import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { parse as parseLegacyUrl } from 'node:url';
import type { Request, Response } from 'express';
import { Agent, type Dispatcher } from 'undici';
import { AppError, GATEWAY_SECRET_HEADER, type Logger, getRequestId, sendError } from '@agentdock/service-kit';
import type { UpstreamName } from '../config';
import type { ErrorAnswer } from '../public-api-errors';
import { IDLE_SOCKET_TIMEOUT_MS, KEEP_ALIVE_MARGIN_MS } from './keep-alive-agent';
import type { UpstreamPool } from './upstream-pool';
import { clientAddress } from '../client-address';
import { passEventStreamsThrough } from './streaming';

export interface UpstreamProxyOptions {
  pools: ReadonlyMap<UpstreamName, UpstreamPool>;
  timeoutMs: number;
  logger: Logger;
  /** Proves to the services that a request's X-Forwarded-For was written here (GATEWAY_SECRET). */
  gatewaySecret?: string;
}

export interface UpstreamProxy {
  /** The service an /api URL is proxied to, or undefined when it is no service's path. */
  serviceFor(url: string): UpstreamName | undefined;
  /**
   * Proxies a request to `name`; its answer, or the error body when the service fails, ends the
   * response. The error body is the platform's (sendError) unless `answerError` writes another.
   */
  forward(name: UpstreamName, req: Request, res: Response, answerError?: ErrorAnswer): void;
}

/**
 * Proxies a request to one of a service's replicas with the path unchanged: /api/<name> and
 * everything below it to that service (services mount their routes under the same prefix), and
 * whatever else the caller decides (the public API under /v1 to chat). A request the chosen
 * replica never received is sent to another one (a read whose pooled connection it dropped, with no
 * other replica, once more to the same one); a dead service answers 503 (with Retry-After), a
 * silent one 504, both as JSON naming the service.
 *
 * Written on undici's dispatcher rather than http-proxy-middleware or node:http's client: the
 * library's promise steps, event emitter, URL parsing and debug calls cost the gateway more CPU per
 * request than forwarding it did, and undici's client costs about a fifth less CPU per request than
 * node:http's (measured: 83 against 106 µs for a bare pass-through proxy). What http-proxy did on
 * the way is kept: the request's headers, with Host set to the upstream's and X-Forwarded-* written
 * by the gateway; DELETE and OPTIONS without a length sent with Content-Length 0; the path joined as
 * http-proxy joined it; the upstream's status and headers copied before its body is streamed back.
 * Hop-by-hop headers are no longer passed on.
 */
export function upstreamProxy({ pools, timeoutMs, logger, gatewaySecret }: UpstreamProxyOptions): UpstreamProxy {
  // One connection pool per replica, kept alive between requests: without it every proxied request
  // opens a new TCP connection, and the gateway spends more time connecting than proxying.
  const dispatcher = new Agent({ keepAliveTimeout: IDLE_SOCKET_TIMEOUT_MS, keepAliveTimeoutThreshold: KEEP_ALIVE_MARGIN_MS, connectTimeout: timeoutMs });
  const services = new Map([...pools].map(([name, pool]) => [name, serviceProxy(name, pool, { timeoutMs, logger, dispatcher, gatewaySecret })] as const));
  const serviceFor = (url: string) => {
    const name = upstreamName(url) as UpstreamName;
    return services.has(name) ? name : undefined;
  };
  const forward = (name: UpstreamName, req: Request, res: Response, answerError: ErrorAnswer = sendError) => services.get(name)!(req, res, answerError);
  return {
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
  /** Where undici sends it: scheme, host and port. */
  origin: string;
  /** The Host header sent upstream (the replica's own host, as a proxy that changes the origin sends it). */
  host: string;
  /** A path the replica's URL carries, put before every request's path. */
  basePath: string;
}

function describeTarget(url: string): Target {
  // The legacy parser, as http-proxy used: its host and path are what requests carried until now.
  const parsed = parseLegacyUrl(url);
  return { url, origin: new URL(url).origin, host: parsed.host ?? '', basePath: parsed.path ?? '' };
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

type ServiceProxy = (req: Request, res: Response, answerError: ErrorAnswer) => void;

function serviceProxy(name: UpstreamName, pool: UpstreamPool, shared: Pick<ServiceContext, 'timeoutMs' | 'logger' | 'dispatcher' | 'gatewaySecret'>): ServiceProxy {
  const targets = new Map(pool.targets.map((url) => [url, describeTarget(url)]));
  const service: ServiceContext = { name, pool, targets, ...shared };
  return (req, res, answerError) => {
    // A DELETE or OPTIONS without a length has no body: said explicitly, some servers wait for one otherwise.
    if ((req.method === 'DELETE' || req.method === 'OPTIONS') && !req.headers['content-length']) {
      req.headers['content-length'] = '0';
      delete req.headers['transfer-encoding'];
    }
    const exchange = new Exchange(service, req, res, targets.get(pool.pick())!, answerError);
    // A client that leaves before its answer is complete (a chat stream closed in the browser) must
    // not leave the upstream working for nobody: the request to it is aborted, before its response
    // began or mid-stream (its connection is closed). After a complete response this does nothing.
    res.on('close', () => exchange.clientClosed());
    exchange.send();
  };
}

/** What every request to one service shares. */
interface ServiceContext {
  name: UpstreamName;
  pool: UpstreamPool;
  targets: ReadonlyMap<string, Target>;
  timeoutMs: number;
  logger: Logger;
  dispatcher: Dispatcher;
  gatewaySecret: string | undefined;
}

/**
 * One client request and its attempts at the service: undici's handler for each attempt. A class
 * rather than closures: a proxied request then allocates one object instead of one per callback.
 */
class Exchange implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | undefined;
  private tried: Set<string> | undefined;
  // A dropped connection was already tried again on the same replica.
  private reconnected = false;
  private clientLeft = false;

  constructor(
    private readonly service: ServiceContext,
    private readonly req: Request,
    private readonly res: Response,
    private target: Target,
    private readonly answerError: ErrorAnswer,
  ) {}

  send(): void {
    const { req, target, service } = this;
    service.dispatcher.dispatch(
      {
        origin: target.origin,
        path: upstreamPath(target.basePath, req.url),
        method: req.method as Dispatcher.HttpMethod,
        headers: upstreamHeaders(req, target, service.gatewaySecret),
        body: hasBody(req) ? req : null,
        // Limits the wait for the response to begin, not its length: once headers arrive, a stream
        // (chat over SSE) may stay open and quiet as long as it likes. undici checks it on a clock
        // that ticks about every half second, so a 504 comes up to a second after the limit.
        headersTimeout: service.timeoutMs,
        bodyTimeout: 0,
      },
      this,
    );
  }

  clientClosed(): void {
    if (this.res.writableEnded) return;
    this.clientLeft = true;
    this.controller?.abort(new Error('The client closed its connection'));
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.clientLeft) controller.abort(new Error('The client closed its connection'));
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders, statusMessage?: string): void {
    // 1xx answers (100 Continue, 103 Early Hints) come before the real one; node answered the client's own.
    if (statusCode < 200) return;
    passEventStreamsThrough(headers['content-type'], this.res);
    copyStatusAndHeaders(this.req, statusCode, statusMessage, headers, this.res);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.res.write(chunk)) return;
    controller.pause();
    this.res.once('drain', () => controller.resume());
  }

  onResponseEnd(): void {
    this.res.end();
  }

  onResponseError(_controller: Dispatcher.DispatchController, err: Error): void {
    const { req, res, service, target } = this;
    // The client left first: nobody is waiting for an answer or an error body.
    if (this.clientLeft) return;
    if (!res.headersSent && neverReachedUpstream(err, req)) {
      if (connectionRefused(err)) service.pool.markDown(target.url);
      const tried = (this.tried ??= new Set());
      tried.add(target.url);
      const next = service.pool.pickOtherThan(tried);
      if (next !== undefined) {
        service.logger.info({ err, upstream: service.name, replica: target.url, requestId: getRequestId(req) }, `Retrying on another ${service.name} replica`);
        this.target = service.targets.get(next)!;
        return this.send();
      }
      // With no other replica (one per service, as `npm start` runs them), a pooled connection the
      // replica closed just as it was reused is no sign the replica is gone: once more, on another connection.
      if (!this.reconnected && droppedConnection(err)) {
        this.reconnected = true;
        service.logger.info({ err, upstream: service.name, replica: target.url, requestId: getRequestId(req) }, `Retrying on the same ${service.name} replica`);
        return this.send();
      }
    }
    service.logger.warn({ err, upstream: service.name, requestId: getRequestId(req) }, `Proxying to ${service.name} failed`);
    // Once a response has begun there is no status left to change; cut it so the client sees it end early.
    if (res.headersSent) return void res.destroy();
    this.answerError(req, res, failure(service.name, err));
  }
}

// Hop-by-hop headers (RFC 9110, 7.6.1) describe the client's connection to the gateway, not the
// gateway's to the service; undici refuses most of them outright.
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'expect'];

/**
 * The client's headers without the hop-by-hop ones, with Host naming the upstream, and the
 * X-Forwarded-* headers written by the gateway itself. Services take the client's address from
 * X-Forwarded-For (per-IP sign-in limits), so what the client sent there is replaced, never passed
 * on: a made-up header would otherwise dodge the limits or spend another address's budget.
 */
function upstreamHeaders(req: Request, target: Target, gatewaySecret: string | undefined): IncomingHttpHeaders {
  // Object.assign rather than a spread: V8 gives a spread's copy a shape that turns every header
  // added after it slow, about 4 µs per request here against 0.3 µs (measured on Node 20).
  const headers: IncomingHttpHeaders = Object.assign({}, req.headers);
  const connection = headers.connection;
  if (connection !== undefined) {
    // Headers the client named as its connection's own go too.
    for (const named of connection.split(',')) delete headers[named.trim().toLowerCase()];
  }
  for (const hop of HOP_BY_HOP) if (headers[hop] !== undefined) delete headers[hop];
  headers.host = target.host;
  headers['x-forwarded-for'] = clientAddress(req);
  // Whatever a client sent under this name is replaced too, so only the gateway can vouch.
  if (gatewaySecret) headers[GATEWAY_SECRET_HEADER] = gatewaySecret;
  else delete headers[GATEWAY_SECRET_HEADER];
  headers['x-forwarded-proto'] = req.protocol;
  const host = req.headers.host;
  if (host) headers['x-forwarded-host'] = host;
  else delete headers['x-forwarded-host'];
  return headers;
}

const hasBody = (req: IncomingMessage) => (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0') || req.headers['transfer-encoding'] !== undefined;

/** The upstream's status and headers onto the response, over any the gateway set with the same name. */
function copyStatusAndHeaders(req: IncomingMessage, statusCode: number, statusMessage: string | undefined, headers: IncomingHttpHeaders, res: Response): void {
  if (req.httpVersion === '1.0') {
    delete headers['transfer-encoding'];
    headers.connection = req.headers.connection ?? 'close';
  } else if (!headers.connection) {
    headers.connection = req.headers.connection ?? 'keep-alive';
  }
  for (const key of Object.keys(headers)) {
    const value = headers[key];
    if (value !== undefined) res.setHeader(key, value);
  }
  res.statusCode = statusCode;
  if (statusMessage) res.statusMessage = statusMessage;
}

const errorCode = (err: unknown) => (typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : undefined);

function connectionRefused(err: unknown): boolean {
  return ['ECONNREFUSED', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN'].includes(errorCode(err) ?? '');
}

// Methods a server may receive twice without a second effect.
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
// A pooled connection the replica closed as it was reused: reset, a broken pipe, or (undici's
// word for it) the other side closing the socket.
const DROPPED = ['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET'];

/**
 * Only a request that can be sent again whole, and that the replica either never got or may safely
 * get twice, is retried: one the replica never got because no connection was made (refused,
 * unreachable, not resolved, or no connection within the limit), with its body, if any, not yet
 * read from the client (nothing was sent, so it can all be sent to another replica); or an
 * idempotent one without a body on a pooled connection the replica closed as it was reused.
 */
function neverReachedUpstream(err: unknown, req: IncomingMessage): boolean {
  if (connectionRefused(err) || errorCode(err) === 'UND_ERR_CONNECT_TIMEOUT') return !req.readableDidRead;
  if (hasBody(req)) return false;
  return IDEMPOTENT.has(req.method ?? '') && droppedConnection(err);
}

const droppedConnection = (err: unknown) => DROPPED.includes(errorCode(err) ?? '');

/** The answer for a request the service did not answer: why, as the client should hear it. */
function failure(name: UpstreamName, err: Error): AppError {
  switch (errorCode(err)) {
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return new AppError('upstream_timeout', `The ${name} service took too long to respond. Please try again shortly.`);
    // A request node's server accepted but that cannot be sent on as it is (a header undici refuses).
    case 'UND_ERR_INVALID_ARG':
    case 'UND_ERR_NOT_SUPPORTED':
      return new AppError('bad_request', `This request cannot be forwarded to the ${name} service: ${err.message}.`);
    default:
      // 503, not 502: the service is down for a while (a deploy, a restart), and Retry-After says when to come back.
      return new AppError('upstream_unavailable', `The ${name} service is unavailable. Please try again shortly.`, { headers: { 'Retry-After': '5' } });
  }
}
