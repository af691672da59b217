import { type Db } from '@agentdock/service-data';
import { and, eq, inArray, lt, sql } from '@agentdock/service-data/orm';
import { type IdentitySchema, signInFailures } from '../db/schema';
import { tooManyAttempts } from './rate-limits';

/** How long failures are remembered, from the first of a run. */
const FAILURE_WINDOW_MS = 15 * 60_000;
/** Failures on an account, from anywhere, before sources that failed on it must wait between tries. */
const BACKOFF_AFTER = 5;
/** Failures on an account, from anywhere, before its owner is emailed about them (once a window). */
const ALERT_AFTER = 10;
/** The longest wait between tries; it doubles with each failure past BACKOFF_AFTER up to this. */
const MAX_BACKOFF_MS = 5 * 60_000;

const ACCOUNT_TOTAL = '';

export interface SignInFailures {
  /**
   * Refuses (429 with Retry-After) a source that has itself failed on this account while the
   * account's failures from everywhere call for a wait. A clean source, such as the owner on
   * their own network, is never held back by others' guesses.
   */
  check(account: string, source: string): Promise<void>;
  /** Counts a failure; true the first time in a window the account's total reaches ALERT_AFTER. */
  failed(account: string, source: string): Promise<{ alert: boolean }>;
  /** A success forgives this source's failures (typos must not add up). */
  succeeded(account: string, source: string): Promise<void>;
}

/** The wait a source that has failed on the account must leave after the account's last failure. */
function backoffMs(accountFailures: number): number {
  if (accountFailures < BACKOFF_AFTER) return 0;
  return Math.min(1000 * 2 ** (accountFailures - BACKOFF_AFTER), MAX_BACKOFF_MS);
}

/** Failures counted in this service's database, so replicas share them. */
export function signInFailureCounter(db: Db<IdentitySchema>, now: () => number = Date.now): SignInFailures {
  const live = (row: { firstFailureAt: Date } | undefined) => row !== undefined && now() - row.firstFailureAt.getTime() < FAILURE_WINDOW_MS;
  const key = (account: string) => account.toLowerCase();

  return {
    async check(account, source) {
      const rows = await db
        .select()
        .from(signInFailures)
        .where(and(eq(signInFailures.account, key(account)), inArray(signInFailures.source, [ACCOUNT_TOTAL, source])));
      const mine = rows.find((row) => row.source === source);
      const total = rows.find((row) => row.source === ACCOUNT_TOTAL);
      if (!live(mine) || !total || !live(total)) return;
      const waitMs = total.lastFailureAt.getTime() + backoffMs(total.failures) - now();
      if (waitMs > 0) throw tooManyAttempts(Math.ceil(waitMs / 1000));
    },

    async failed(account, source) {
      const at = new Date(now());
      const windowStart = new Date(now() - FAILURE_WINDOW_MS);
      // A run older than the window starts again at one.
      const expired = sql`${signInFailures.firstFailureAt} <= ${windowStart.toISOString()}::timestamptz`;
      const count = async (rowSource: string) => {
        const [row] = await db
          .insert(signInFailures)
          .values({ account: key(account), source: rowSource, failures: 1, firstFailureAt: at, lastFailureAt: at })
          .onConflictDoUpdate({
            target: [signInFailures.account, signInFailures.source],
            set: {
              failures: sql`case when ${expired} then 1 else ${signInFailures.failures} + 1 end`,
              firstFailureAt: sql`case when ${expired} then ${at.toISOString()}::timestamptz else ${signInFailures.firstFailureAt} end`,
              lastFailureAt: at,
            },
          })
          .returning();
        return row!;
      };
      await count(source);
      const total = await count(ACCOUNT_TOTAL);
      if (total.failures < ALERT_AFTER || (total.alertedAt && total.alertedAt > total.firstFailureAt)) return { alert: false };
      // The update's guard makes one of several concurrent failures the one that alerts.
      const claimed = await db
        .update(signInFailures)
        .set({ alertedAt: at })
        .where(
          and(
            eq(signInFailures.account, key(account)),
            eq(signInFailures.source, ACCOUNT_TOTAL),
            sql`(${signInFailures.alertedAt} is null or ${signInFailures.alertedAt} <= ${signInFailures.firstFailureAt})`,
          ),
        )
        .returning({ account: signInFailures.account });
      return { alert: claimed.length > 0 };
    },

    async succeeded(account, source) {
      await db.delete(signInFailures).where(and(eq(signInFailures.account, key(account)), eq(signInFailures.source, source)));
      // Old runs are of no use to anyone; this keeps the table to the last window's accounts.
      await db.delete(signInFailures).where(lt(signInFailures.lastFailureAt, new Date(now() - FAILURE_WINDOW_MS)));
    },
  };
}
