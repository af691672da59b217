import { isRefusal } from './refusal';
import type { RefreshScheduler } from './refresh-scheduler';
import { eventForRefresh } from './session-events';
import type { SessionHolder } from './session-holder';
import { singleFlight } from './single-flight';
import { SIGNED_OUT, type StateStore } from './state-store';
import type { TabLock } from './tab-sync';
import type { Session } from './types';

export interface RefresherDeps {
  holder: SessionHolder;
  store: StateStore;
  scheduler: RefreshScheduler;
  /** The refresh call itself (the cookie goes with it). */
  refreshCall: () => Promise<Session>;
  lock: TabLock | null;
}

/**
 * A new access token from the refresh cookie: one call at a time in this tab (callers join the
 * one under way) and across tabs (the lock), since the server treats a reused refresh token as
 * stolen. Settles with the session, or null when there is none any more.
 */
export function createRefresher({ holder, store, scheduler, refreshCall, lock }: RefresherDeps): () => Promise<Session | null> {
  async function refreshNow(): Promise<Session | null> {
    const before = holder.current();
    const run = async (): Promise<Session | null> => {
      // Another tab may have refreshed while this one waited for the lock; its session came over the channel.
      const held = holder.current();
      if (held && held !== before && !holder.expiresSoon(held)) return held.session;
      try {
        const session = await refreshCall();
        holder.hold(holder.received(session), eventForRefresh(store.get(), session), { recovery: store.get().recovery });
        return session;
      } catch (error) {
        if (isRefusal(error)) {
          holder.drop(store.get().status === 'loading' ? 'INITIAL_SESSION' : 'SIGNED_OUT', { broadcast: true });
          return null;
        }
        // Unreachable server: keep a still-valid token and try again later. The first check of the
        // page must still end, so loading becomes signed out; the hint stays for the next attempt.
        scheduler.retryLater();
        if (store.get().status === 'loading') store.emit('INITIAL_SESSION', SIGNED_OUT);
        const kept = holder.current();
        return kept && !holder.expiresSoon(kept) ? kept.session : null;
      }
    };
    return lock ? lock.run(run) : run();
  }
  return singleFlight(refreshNow);
}
