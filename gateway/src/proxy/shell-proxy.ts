import { ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { onHandlersOnly } from './proxy-plugins';
import { type Logger, getRequestId } from '@agentdock/service-kit';
import { keepAliveAgent } from './keep-alive-agent';
import { endWithClient } from './streaming';
import { abortUnlessAnsweredWithin } from './upstream-timeout';
import { SHELL_UNAVAILABLE_PAGE } from './shell-unavailable-page';

export interface ShellProxyOptions {
  target: string;
  timeoutMs: number;
  logger: Logger;
}

/**
 * Everything that is not /api or a gateway endpoint goes to the shell's static server, which
 * serves files and falls back to index.html for client-side routes. If the shell is down, people
 * get a short page saying so rather than a proxy error.
 */
export function shellProxy({ target, timeoutMs, logger }: ShellProxyOptions): RequestHandler {
  return createProxyMiddleware<Request, Response>({
    target,
    agent: keepAliveAgent(target),
    changeOrigin: true,
    xfwd: true,
    // Only the handlers below: the default plugins log every exchange to a logger that discards it.
    ejectPlugins: true,
    plugins: onHandlersOnly,
    on: {
      proxyReq: (proxyReq) => abortUnlessAnsweredWithin(proxyReq, timeoutMs),
      proxyRes: (proxyRes, _req, res) => endWithClient(proxyRes, res),
      error: (err, req, res) => {
        if (!(res instanceof ServerResponse)) return;
        logger.warn({ err, upstream: 'shell', requestId: getRequestId(req) }, 'Proxying to the shell failed');
        if (res.headersSent) return void res.destroy();
        res.status(503).set({ 'Cache-Control': 'no-store', 'Retry-After': '10' }).type('html').send(SHELL_UNAVAILABLE_PAGE);
      },
    },
  });
}
