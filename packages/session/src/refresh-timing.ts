/**
 * When to refresh an access token: ahead of its expiry by a margin of half its lifetime, at most
 * a minute, so a slow network or a throttled background timer still beats the expiry.
 */
export function refreshDelayMs(expiresAtMs: number, lifetimeMs: number, nowMs: number): number {
  const margin = Math.min(60_000, lifetimeMs / 2);
  return Math.max(0, expiresAtMs - margin - nowMs);
}

/** A token this close to its expiry is refreshed before use rather than sent and refused. */
export const EXPIRY_LEEWAY_MS = 10_000;

/** Waits between attempts when the server could not be reached: 5 s, 10 s, 20 s … up to a minute. */
export function retryDelayMs(attempt: number): number {
  return Math.min(60_000, 5_000 * 2 ** attempt);
}
