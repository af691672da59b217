import type { ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { RateLimitedError } from '@agentdock/service-kit';
import { clientAddress } from './client-address';

const WINDOW_MS = 60_000;

interface Window {
  hits: number;
  resetAt: number;
}

/** A key's count in its current window, the request just counted included. */
export interface MinuteCount {
  hits: number;
  msToReset: number;
}

/**
 * Requests per key and minute, counted in this gateway's memory in fixed windows that start at a
 * key's first request; keys whose window is over are forgotten once a minute.
 */
export function minuteCounter(now: () => number = Date.now): (key: string) => MinuteCount {
  const windows = new Map<string, Window>();
  let nextSweep = now() + WINDOW_MS;
  return (key) => {
    const at = now();
    if (at >= nextSweep) {
      // Forget clients whose window is over, so the map holds only the last minute's clients.
      for (const [known, window] of windows) if (window.resetAt <= at) windows.delete(known);
      nextSweep = at + WINDOW_MS;
    }
    let window = windows.get(key);
    if (window === undefined || window.resetAt <= at) {
      window = { hits: 0, resetAt: at + WINDOW_MS };
      windows.set(key, window);
    }
    window.hits += 1;
    return { hits: window.hits, msToReset: window.resetAt - at };
  };
}

/**
 * Requests per client IP and minute (`minuteCounter`: each replica counts its own; with REDIS_URL,
 * shared-rate-limit.ts counts across replicas). Answers carry the IETF draft-7 RateLimit headers; a
 * refused request gets 429 with Retry-After.
 *
 * A plain synchronous counter rather than express-rate-limit's middleware: that one awaits its
 * store and its options several times per request and re-validates its configuration, which on
 * the gateway's path is most of the work a request costs. Its key function is kept: IPv6 clients
 * are counted per /56 network, since one client usually holds a whole /64 or more.
 */
export function apiRateLimit(perMinute: number, now: () => number = Date.now): RequestHandler {
  const count = minuteCounter(now);
  const policy = `${perMinute};w=${WINDOW_MS / 1000}`;
  return (req, res, next) => {
    const { hits, msToReset } = count(clientKey(req));
    const resetSeconds = announce(res, policy, perMinute, perMinute - hits, msToReset);
    if (hits > perMinute) return next(new RateLimitedError(undefined, { retryAfterSeconds: resetSeconds }));
    next();
  };
}

export const WINDOW_SECONDS = WINDOW_MS / 1000;

/** The draft-7 RateLimit headers of an answer; returns the seconds until the window resets. */
export function announce(res: Pick<ServerResponse, 'setHeader'>, policy: string, limit: number, remaining: number, msToReset: number): number {
  const resetSeconds = Math.max(0, Math.ceil(msToReset / 1000));
  res.setHeader('RateLimit-Policy', policy);
  res.setHeader('RateLimit', `limit=${limit}, remaining=${Math.max(remaining, 0)}, reset=${resetSeconds}`);
  return resetSeconds;
}

export const clientKey = (req: Request): string => rateLimitKey(clientAddress(req));

/**
 * ipKeyGenerator's key. An IPv4 address has no ':' and is its own key; only IPv6 addresses need
 * ipKeyGenerator, whose IPv6 test (a long regular expression) otherwise runs on every request.
 */
export const rateLimitKey = (ip: string): string => (ip.includes(':') ? ipKeyGenerator(ip) : ip);
