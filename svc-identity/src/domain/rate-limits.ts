import { RateLimitedError } from '@agentdock/service-kit';
import { type Db } from '@agentdock/service-data';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimits } from '../db/schema';
import { RATE_LIMITED_ACTIONS, type RateLimitedAction, type RateLimitScope, type RateLimitSettings } from './rate-limit-settings';

export interface RateLimitKeys {
  ip: string;
  /** The email address or phone number the request is about; counted whether or not it has an account. */
  account: string;
}

export interface RateLimits {
  /** Counts one request against both budgets; throws RateLimitedError (429) when either is spent. */
  consume(action: RateLimitedAction, keys: RateLimitKeys): Promise<void>;
  /** Clears the account's budget after a success, so a person's earlier typos do not add up. */
  reset(action: RateLimitedAction, account: string): Promise<void>;
}

/**
 * rate-limiter-flexible over its Drizzle store, in this service's own database: every replica
 * counts against the same budgets, on PostgreSQL and PGlite alike.
 */
export function createRateLimits(db: Db, settings: RateLimitSettings): RateLimits {
  let cleaner = true;
  const limiters = Object.fromEntries(
    RATE_LIMITED_ACTIONS.map((action) => {
      const limiter = (scope: RateLimitScope) => {
        const { points, durationSeconds } = settings[action][scope];
        // The table is shared, so one limiter sweeping expired rows is enough.
        const clearExpiredByTimeout = cleaner;
        cleaner = false;
        return new RateLimiterDrizzle({ storeClient: db, schema: rateLimits, keyPrefix: `${action}:${scope}`, points, duration: durationSeconds, clearExpiredByTimeout });
      };
      return [action, { ip: limiter('ip'), account: limiter('account') }];
    }),
  ) as Record<RateLimitedAction, Record<RateLimitScope, RateLimiterDrizzle>>;

  return {
    async consume(action, { ip, account }) {
      try {
        await limiters[action].ip.consume(ip);
        await limiters[action].account.consume(account.toLowerCase());
      } catch (error) {
        if (error instanceof RateLimiterRes) throw tooManyAttempts(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
        throw error;
      }
    },
    async reset(action, account) {
      await limiters[action].account.delete(account.toLowerCase());
    },
  };
}

export function tooManyAttempts(retryAfterSeconds: number): RateLimitedError {
  const wait = retryAfterSeconds < 60 ? plural(retryAfterSeconds, 'second') : plural(Math.ceil(retryAfterSeconds / 60), 'minute');
  return new RateLimitedError(`Too many attempts. Please try again in ${wait}.`, { retryAfterSeconds });
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
