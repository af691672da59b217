import type { ErrorCode } from '@agentdock/contracts';
import { IdentityError } from './errors';
import type { RateLimits } from './rate-limits';
import type { SignInFailures } from './sign-in-failures';

/** The account a password is typed for: the user, whichever of its names (email, phone) was typed. */
export const userAccount = (userId: string) => `user:${userId}`;

/** A name typed at sign-in that no account has: counted on its own, as an account would be. */
export const unknownAccount = (typed: string) => `name:${typed}`;

/**
 * Guesses are counted per account and source: whoever guesses spends their own budget, and the
 * owner on another network is not locked out by them.
 */
export const fromSource = (account: string, source: string) => `${account} from ${source}`;

/** What a wrong password is answered with, at sign-in and when confirming a credential change. */
const WRONG_PASSWORD: ReadonlySet<ErrorCode> = new Set(['invalid_credentials', 'invalid_current_password']);

export interface PasswordGuesses {
  /**
   * Runs `attempt`, which checks a password typed for `account` from `source`, within the account
   * and source's budget (the `signin` limits, and the slow-down of SignInFailures). A success
   * forgives this source its earlier failures (typos must not add up to a lockout); a wrong
   * password counts, and calls `alertOwner` the first time in a window that the account's
   * failures from everywhere reach the alert threshold.
   */
  guess<T>(account: string, source: string, attempt: () => Promise<T>, alertOwner: () => void): Promise<T>;
}

/**
 * One budget for every place a password is typed (sign-in, the current password before a
 * credential change): a thief with a stolen access token gets no more guesses than one without.
 */
export function passwordGuesses(limits: RateLimits, failures: SignInFailures): PasswordGuesses {
  return {
    async guess(account, source, attempt, alertOwner) {
      const budget = fromSource(account, source);
      await limits.consume('signin', { ip: source, account: budget });
      await failures.check(account, source);
      try {
        const outcome = await attempt();
        await limits.reset('signin', budget);
        await failures.succeeded(account, source);
        return outcome;
      } catch (error) {
        if (error instanceof IdentityError && WRONG_PASSWORD.has(error.code) && (await failures.failed(account, source)).alert) alertOwner();
        throw error;
      }
    },
  };
}
