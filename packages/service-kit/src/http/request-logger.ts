import type { ServerResponse } from 'node:http';
import type { Request } from 'express';
import type { Logger } from '../logger';
import { getRequestId } from './request-id';
import type { RequestObserver } from './request-telemetry';

// Probes and scrapes arrive every few seconds and would drown the request log.
const UNLOGGED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

const levelFor = (res: ServerResponse) => (res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info');

const pathOf = (url: string) => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

/**
 * One log line per finished request, carrying the request id set by `requestId()`; an observer for
 * `observeRequests`. The line is built only once the request is over and only when its level is
 * logged: the gateway and every service write it for each request, and a per-request child logger
 * (what pino-http makes, with every header serialised and redacted up front) cost more than the
 * proxying itself. Headers are left out: they hold tokens and cookies, and the request id finds the
 * service's own lines.
 */
export function requestLog(logger: Logger): RequestObserver {
  // The line's fields are fixed below and hold no secret (no headers, no body), so the logger's
  // redaction, which walks every logged object for secret-named fields, would only cost: about
  // twice the rest of writing the line.
  const lines = logger.child({}, { redact: [] });
  return (req, res, started) => {
    const level = levelFor(res);
    // originalUrl, not url: express rewrites req.url inside mounted routers.
    if (!lines.isLevelEnabled(level) || UNLOGGED_PATHS.has(pathOf(req.originalUrl))) return;
    logLine(lines, level, req, res, started);
  };
}

function logLine(logger: Logger, level: 'info' | 'warn' | 'error', req: Request, res: ServerResponse, started: number): void {
  logger[level](
    {
      reqId: getRequestId(req),
      req: { method: req.method, url: req.originalUrl, remoteAddress: req.socket.remoteAddress },
      res: { statusCode: res.statusCode },
      responseTime: Math.round(performance.now() - started),
    },
    // Unfinished at 'close' is a response that never completed: the client left (a chat stream
    // closed in the browser) or the stream was cut.
    res.writableFinished ? 'request completed' : 'request aborted',
  );
}
