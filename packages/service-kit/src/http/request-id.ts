import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';

export const REQUEST_ID_HEADER = 'x-request-id';

// Incoming ids end up in logs and headers; anything odd-looking is replaced rather than trusted.
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Gives every request an id: a sane incoming `x-request-id` (from the gateway or a client) or a
 * fresh UUID. It is written back to the request headers, so logs read it and proxies and service
 * calls propagate it, and echoed on the response.
 */
export function requestId(): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers[REQUEST_ID_HEADER];
    const id = typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.headers[REQUEST_ID_HEADER] = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    next();
  };
}

/** The id assigned by `requestId()`, for logs and for calls to other services. */
export function getRequestId(req: IncomingMessage): string | undefined {
  const id = req.headers[REQUEST_ID_HEADER];
  return typeof id === 'string' ? id : undefined;
}
