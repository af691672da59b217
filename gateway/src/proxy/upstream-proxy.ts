import { type ClientRequest, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { AppError, type Logger, getRequestId, sendError } from '@agentdock/service-kit';
import type { UpstreamName } from '../config';
import { keepAliveAgent } from './keep-alive-agent';
import { passEventStreamsThrough } from './streaming';
import { UpstreamTimeoutError, abortUnlessAnsweredWithin } from './upstream-timeout';

export interface UpstreamProxyOptions {
  name: UpstreamName;
  target: string;
  timeoutMs: number;
  logger: Logger;
}

/**
 * Proxies /api/<name> and everything below it to the service with the path unchanged (services
 * mount their routes under the same prefix). Mounted without a path so express leaves req.url whole.
 * A dead upstream answers 502, a silent one 504, both as JSON naming the service.
 */
export function upstreamProxy({ name, target, timeoutMs, logger }: UpstreamProxyOptions): RequestHandler {
  const prefix = `/api/${name}`;
  return createProxyMiddleware<Request, Response>({
    target,
    agent: keepAliveAgent(target),
    changeOrigin: true,
    pathFilter: (pathname) => pathname === prefix || pathname.startsWith(`${prefix}/`),
    on: {
      proxyReq: (proxyReq, req) => {
        setForwardedHeaders(proxyReq, req);
        abortUnlessAnsweredWithin(proxyReq, timeoutMs);
      },
      proxyRes: (proxyRes, _req, res) => passEventStreamsThrough(proxyRes, res),
      error: (err, req, res) => {
        if (!(res instanceof ServerResponse)) return;
        logger.warn({ err, upstream: name, requestId: getRequestId(req) }, `Proxying to ${name} failed`);
        // Once a response has begun there is no status left to change; cut it so the client sees it end early.
        if (res.headersSent) return void res.destroy();
        sendError(req, res, err instanceof UpstreamTimeoutError ? upstreamTimeout(name) : upstreamUnavailable(name));
      },
    },
  });
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
  return new AppError(502, 'upstream_unavailable', `The ${name} service is unavailable. Please try again shortly.`);
}

function upstreamTimeout(name: UpstreamName): AppError {
  return new AppError(504, 'upstream_timeout', `The ${name} service took too long to respond. Please try again shortly.`);
}
