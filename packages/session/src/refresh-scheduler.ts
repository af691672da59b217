import { refreshDelayMs, retryDelayMs } from './refresh-timing';
import type { HeldSession } from './tab-sync';

/** When the next refresh runs. One timer: a new plan replaces the one before it. */
export interface RefreshScheduler {
  /** A session is held: refresh it ahead of its expiry, and back off from the start again on the next failure. */
  beforeExpiry(held: HeldSession, nowMs: number): void;
  /** The server could not be reached: try again after a longer wait each time (5 s, 10 s … a minute). */
  retryLater(): void;
  /** No session any more: nothing to refresh. */
  cancel(): void;
}

export function createRefreshScheduler(refresh: () => void): RefreshScheduler {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failedAttempts = 0;
  const after = (delayMs: number) => {
    clearTimeout(timer);
    timer = setTimeout(refresh, delayMs);
  };
  return {
    beforeExpiry(held, nowMs) {
      failedAttempts = 0;
      after(refreshDelayMs(held.expiresAtMs, held.session.expiresIn * 1000, nowMs));
    },
    retryLater: () => after(retryDelayMs(failedAttempts++)),
    cancel: () => clearTimeout(timer),
  };
}
