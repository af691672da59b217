import type { RequestHandler } from 'express';
import { PayloadTooLargeError, formatByteSize } from '@agentdock/service-kit';

/**
 * Refuses an oversized body from its Content-Length before any byte is proxied. Chunked bodies
 * have no length up front; the services' own body parsers limit those.
 */
export function contentLengthLimit(limitBytes: number): RequestHandler {
  return (req, _res, next) => {
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > limitBytes) {
      throw new PayloadTooLargeError(`The request body is too large. The limit is ${formatByteSize(limitBytes)}.`);
    }
    next();
  };
}
