import type { SubscriptionTier } from '@agentdock/contracts';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { PublicApiError } from './errors';

/** Per-key limits of the `/v1` API, by the key owner's plan. */
export interface ApiLimitSettings {
  requestsPerMinute: Record<SubscriptionTier, number>;
  maxConcurrentStreams: number;
}

/** OpenAI's rate-limit headers, sent with every `/v1` answer once the key is known. */
export type RateLimitHeaders = Record<'x-ratelimit-limit-requests' | 'x-ratelimit-remaining-requests' | 'x-ratelimit-reset-requests', string>;

/**
 * Requests per minute and concurrent streams per API key, counted in this replica's memory: with
 * N replicas a key may get up to N times the figure (see ADR 0008). A request refused here
 * changes nothing in the wallet.
 */
export class ApiLimits {
  private readonly limiters: Map<SubscriptionTier, RateLimiterMemory>;
  private readonly streams = new Map<string, number>();

  constructor(private readonly settings: ApiLimitSettings) {
    this.limiters = new Map(
      (Object.entries(settings.requestsPerMinute) as Array<[SubscriptionTier, number]>).map(([tier, points]) => [
        tier,
        new RateLimiterMemory({ keyPrefix: `api:${tier}`, points, duration: 60 }),
      ]),
    );
  }

  /** Counts one request of the key; throws 429 rate_limit_exceeded (with the headers and Retry-After) once the minute's requests are used. */
  async consume(keyId: string, tier: SubscriptionTier): Promise<RateLimitHeaders> {
    const limit = this.settings.requestsPerMinute[tier];
    try {
      return headers(limit, await this.limiters.get(tier)!.consume(keyId));
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const retryAfter = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw new PublicApiError(
        'rate_limit_exceeded',
        `Rate limit reached for requests per minute (RPM) on this API key: limit ${limit}, used ${limit}. Please try again in ${retryAfter}s.`,
        null,
        { ...headers(limit, error), 'retry-after': String(retryAfter) },
      );
    }
  }

  /** Takes one of the key's stream slots, or throws 429 concurrent_streams_exceeded; call the returned function once the stream ends. */
  openStream(keyId: string): () => void {
    const open = this.streams.get(keyId) ?? 0;
    const max = this.settings.maxConcurrentStreams;
    if (open >= max) {
      throw new PublicApiError(
        'concurrent_streams_exceeded',
        `This API key already has ${max} streamed ${max === 1 ? 'completion' : 'completions'} open, the most it may have at once. Wait for one to finish, or send without streaming.`,
        null,
        { 'retry-after': '1' },
      );
    }
    this.streams.set(keyId, open + 1);
    let closed = false;
    return () => {
      if (closed) return;
      closed = true;
      const left = (this.streams.get(keyId) ?? 1) - 1;
      if (left > 0) this.streams.set(keyId, left);
      else this.streams.delete(keyId);
    };
  }
}

function headers(limit: number, res: RateLimiterRes): RateLimitHeaders {
  return {
    'x-ratelimit-limit-requests': String(limit),
    'x-ratelimit-remaining-requests': String(Math.max(0, res.remainingPoints)),
    'x-ratelimit-reset-requests': `${Math.max(1, Math.ceil(res.msBeforeNext / 1000))}s`,
  };
}
