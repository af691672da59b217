import type { RequestHandler } from 'express';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { type Logger, RateLimitedError } from '@agentdock/service-kit';
import { WINDOW_SECONDS, announce, apiRateLimit, clientKey } from './rate-limit';

/** The per-IP /api limit with what it holds open: a Redis connection when the count is shared. */
export interface ApiRateLimit {
  handler: RequestHandler;
  close(): Promise<void>;
}

export interface ApiRateLimitOptions {
  perMinute: number;
  /** Set: every replica counts in this Redis. Unset: this gateway counts in its own memory. */
  redisUrl: string | undefined;
  keyPrefix: string;
  logger: Logger;
  /** How long one Redis round trip may take before this request is counted locally instead. */
  redisTimeoutMs?: number;
}

// A healthy Redis on the same network answers in well under a millisecond; one that takes this
// long is overloaded or half-gone, and a request must not wait on it.
const REDIS_TIMEOUT_MS = 250;

/**
 * The per-IP /api limit: in memory without a Redis URL, as before; with one, counted in Redis so a
 * client gets its allowance once, not once per gateway replica. While Redis cannot be reached
 * (down, restarting, too slow) each replica counts on its own again, so requests keep flowing and
 * one client still cannot exceed the limit on any single replica.
 */
export function createApiRateLimit({ perMinute, redisUrl, keyPrefix, logger, redisTimeoutMs = REDIS_TIMEOUT_MS }: ApiRateLimitOptions): ApiRateLimit {
  if (redisUrl === undefined) return { handler: apiRateLimit(perMinute), close: async () => undefined };
  return sharedApiRateLimit({ perMinute, redisUrl, keyPrefix, logger, redisTimeoutMs });
}

/** The local counter used while Redis is unreachable; tells `onUse` each time it counts. */
class LocalFallback extends RateLimiterMemory {
  constructor(
    options: ConstructorParameters<typeof RateLimiterMemory>[0],
    private readonly onUse: () => void,
  ) {
    super(options);
  }

  override consume(key: string | number, points?: number, options?: { [key: string]: unknown }): Promise<RateLimiterRes> {
    this.onUse();
    return super.consume(key, points, options);
  }
}

/**
 * rate-limiter-flexible's Redis limiter: one atomic script per request (set the window's key with
 * its expiry if new, increment it, read its time to live), so two replicas never both see the last
 * allowed request. Fixed one-minute windows from a client's first request, as the in-memory counter
 * has; a client over its limit is then refused from this replica's memory until its window ends,
 * without asking Redis again. Its insurance limiter counts locally whenever a Redis call fails.
 */
function sharedApiRateLimit({ perMinute, redisUrl, keyPrefix, logger, redisTimeoutMs }: Required<ApiRateLimitOptions> & { redisUrl: string }): ApiRateLimit {
  const where = redisLocation(redisUrl);
  const client = new Redis(redisUrl, {
    // A command sent while disconnected fails at once (and is counted locally) instead of queueing.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: redisTimeoutMs,
    connectTimeout: 2_000,
    // On close, how long a socket may take to end before it is destroyed: nothing is left to flush.
    disconnectTimeout: 200,
    // Reconnects forever, at most every 2 s: the limit is shared again as soon as Redis is back.
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
  });
  let degraded = false;
  const warnOnce = (err?: unknown) => {
    if (degraded) return;
    degraded = true;
    logger.warn({ err, redis: where }, 'Redis for the /api rate limit is unreachable: each gateway counts on its own until it is back');
  };
  // ioredis reports every failed connection attempt as an 'error' event (printed to stderr without a listener).
  client.on('error', warnOnce);
  client.on('ready', () => {
    if (!degraded) return;
    degraded = false;
    logger.info({ redis: where }, 'Redis for the /api rate limit is back: the limit is shared again');
  });

  const window = { points: perMinute, duration: WINDOW_SECONDS, keyPrefix };
  const limiter = new RateLimiterRedis({
    ...window,
    storeClient: client,
    // Not connected (yet, or any more): straight to the local count, without trying Redis.
    rejectIfRedisNotReady: true,
    inMemoryBlockOnConsumed: perMinute + 1,
    insuranceLimiter: new LocalFallback(window, () => warnOnce()),
  });
  const policy = `${perMinute};w=${WINDOW_SECONDS}`;

  return {
    handler: async (req, res, next) => {
      let counted: RateLimiterRes;
      try {
        counted = await limiter.consume(clientKey(req));
      } catch (refused) {
        // Only a refusal is a RateLimiterRes; anything else is a failure of both counters.
        if (!(refused instanceof RateLimiterRes)) throw refused;
        const resetSeconds = announce(res, policy, perMinute, 0, refused.msBeforeNext);
        return next(new RateLimitedError(undefined, { retryAfterSeconds: resetSeconds }));
      }
      announce(res, policy, perMinute, counted.remainingPoints, counted.msBeforeNext);
      next();
    },
    close: async () => {
      client.disconnect();
    },
  };
}

/** Where the limit's Redis is, for logs: host and port, never the password. */
function redisLocation(url: string): string {
  const { protocol, host } = new URL(url);
  return `${protocol}//${host}`;
}
