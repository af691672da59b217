import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from '../logger';
import { getRequestId } from './request-id';

// Probes and scrapes arrive every few seconds and would drown the request log.
const UNLOGGED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

const levelFor = (res: ServerResponse) => (res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info');

/**
 * One log line per finished request, carrying the request id set by `requestId()`. The line is
 * built only once the request is over and only when its level is logged: the gateway and every
 * service run this on each request, and a per-request child logger (what pino-http makes, with
 * every header serialised and redacted up front) cost more than the proxying itself. Headers are
 * left out: they hold tokens and cookies, and the request id finds the service's own lines.
 */
export function requestLogger(logger: Logger): RequestHandler {
  // The line's fields are fixed below and hold no secret (no headers, no body), so the logger's
  // redaction, which walks every logged object for secret-named fields, would only cost: about
  // twice the rest of writing the line.
  const lines = logger.child({}, { redact: [] });
  return (req, res, next) => {
    const path = req.url.split('?', 1)[0]!;
    if (!UNLOGGED_PATHS.has(path)) {
      const started = performance.now();
      // express rewrites req.url inside mounted routers; keep what the client asked for.
      const url = req.originalUrl;
      // Every response emits 'close' once, after 'finish' when it completed: one listener, with no
      // second one to remove. Unfinished at 'close' is a response that never completed: the client
      // left (a chat stream closed in the browser) or the stream was cut.
      res.on('close', () => logCompleted(lines, req, res, url, started));
    }
    next();
  };
}

function logCompleted(logger: Logger, req: IncomingMessage, res: ServerResponse, url: string, started: number): void {
  const level = levelFor(res);
  if (!logger.isLevelEnabled(level)) return;
  logger[level](
    {
      reqId: getRequestId(req),
      req: { method: req.method, url, remoteAddress: req.socket.remoteAddress },
      res: { statusCode: res.statusCode },
      responseTime: Math.round(performance.now() - started),
    },
    res.writableFinished ? 'request completed' : 'request aborted',
  );
}
