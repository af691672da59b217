import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { RateLimitedError } from '@agentdock/service-kit';

/**
 * Requests per client IP and minute, counted in this gateway's memory (each replica counts its
 * own). express-rate-limit sets Retry-After and the RateLimit headers; the body is ours.
 */
export function apiRateLimit(perMinute: number): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit: perMinute,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    // A client's own X-Forwarded-For is ignored on purpose (req.ip is the socket, or what a trusted
    // proxy in front said); the library's warning about seeing one is for the opposite mistake.
    validate: { xForwardedForHeader: false },
    handler: (_req, _res, next) => next(new RateLimitedError()),
  });
}
