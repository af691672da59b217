import type { Session, UserProfile } from './types';

/** A session as one tab holds it: the expiry is in this browser's clock, not the server's. */
export interface HeldSession {
  session: Session;
  expiresAtMs: number;
}

export type TabMessage = { type: 'signed-in'; held: HeldSession } | { type: 'signed-out' } | { type: 'user-updated'; user: UserProfile };

/** Tells the other tabs of this site about sign-in, sign-out, refreshed tokens and profile changes. */
export interface TabChannel {
  post(message: TabMessage): void;
  /** Messages from the other tabs (never this one's own). */
  listen(onMessage: (message: TabMessage) => void): void;
}

const TAB_CHANNEL_NAME = 'agentdock.auth';

export function browserTabChannel(): TabChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(TAB_CHANNEL_NAME);
  return {
    post: (message) => channel.postMessage(message),
    listen: (onMessage) => {
      channel.onmessage = (event: MessageEvent<TabMessage>) => onMessage(event.data);
    },
  };
}

/** Runs one task at a time across every tab of this site. */
export interface TabLock {
  run<T>(task: () => Promise<T>): Promise<T>;
}

const REFRESH_LOCK_NAME = 'agentdock.auth.refresh';

/**
 * Refresh tokens rotate and the server treats a reused one as stolen (it ends the session), so
 * two tabs must never send the same one: refreshes take this lock. navigator.locks exists only
 * in secure contexts; elsewhere each tab still refreshes one at a time on its own.
 */
export function browserTabLock(): TabLock | null {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return null;
  return { run: (task) => locks.request(REFRESH_LOCK_NAME, task) };
}
