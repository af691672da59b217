import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp, type HttpLogger } from 'pino-http';
import type { Logger } from '../logger';
import { getRequestId } from './request-id';

// Probes and scrapes arrive every few seconds and would drown the request log.
const UNLOGGED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** One log line per finished request, carrying the request id set by `requestId()`. */
export function requestLogger(logger: Logger): HttpLogger {
  return pinoHttp({
    logger,
    genReqId: (req: IncomingMessage) => getRequestId(req) ?? 'unknown',
    customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) => {
      if (err || res.statusCode >= 500) return 'error';
      return res.statusCode >= 400 ? 'warn' : 'info';
    },
    autoLogging: { ignore: (req: IncomingMessage) => UNLOGGED_PATHS.has(req.url?.split('?')[0] ?? '') },
  });
}
