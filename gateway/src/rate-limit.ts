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
    handler: (_req, _res, next) => next(new RateLimitedError()),
  });
}
