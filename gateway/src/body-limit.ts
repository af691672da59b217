import type { Request, RequestHandler } from 'express';
import { PayloadTooLargeError, formatByteSize } from '@agentdock/service-kit';

/**
 * Refuses an oversized body from its Content-Length before any byte is proxied. Chunked bodies
 * have no length up front; the services' own body parsers limit those. Requests `leftToService`
 * says are a service's to size (a knowledge file upload) pass whatever their length.
 */
export function contentLengthLimit(limitBytes: number, leftToService: (req: Request) => boolean = () => false): RequestHandler {
  return (req, _res, next) => {
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > limitBytes && !leftToService(req)) {
      throw new PayloadTooLargeError(`The request body is too large. The limit is ${formatByteSize(limitBytes)}.`);
    }
    next();
  };
}
