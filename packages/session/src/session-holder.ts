import { EXPIRY_LEEWAY_MS } from './refresh-timing';
import type { ChallengeSlot } from './challenge-slot';
import type { RefreshScheduler } from './refresh-scheduler';
import { SIGNED_OUT, type StateStore } from './state-store';
import type { HeldSession, TabChannel } from './tab-sync';
import type { AuthChangeEvent, Session, UserProfile } from './types';

export interface SessionHolderDeps {
  store: StateStore;
  /** The signed-in hint in storage (see session-hint.ts). */
  hint: { set(): void; clear(): void };
  channel: TabChannel | null;
  scheduler: RefreshScheduler;
  /** Taking or ending a session ends any second step under way. */
  challenge: ChallengeSlot;
  now: () => number;
}

/**
 * The session this tab holds, and the transitions in and out of it. Each one keeps everything
 * that follows from the session in step: the state the listeners see, the hint in storage, the
 * refresh timer, the pending second step and (unless the change came from there) the other tabs.
 */
export function createSessionHolder({ store, hint, channel, scheduler, challenge, now }: SessionHolderDeps) {
  let held: HeldSession | null = null;

  return {
    current: (): HeldSession | null => held,

    /** A session as the server just handed it out: its expiry counted in this browser's clock. */
    received: (session: Session): HeldSession => ({ session, expiresAtMs: now() + session.expiresIn * 1000 }),

    /** Whether a token is too close to its expiry to be sent as it is. */
    expiresSoon: (candidate: HeldSession): boolean => candidate.expiresAtMs - now() < EXPIRY_LEEWAY_MS,

    /** Holds a session, tells the listeners, and (unless it came from one) the other tabs. */
    hold(next: HeldSession, event: AuthChangeEvent, { recovery = false, broadcast = true } = {}) {
      held = next;
      challenge.clear();
      hint.set();
      const { session } = next;
      store.emit(event, { status: 'signed-in', session, user: session.user, recovery, mfaVerified: session.mfaVerified === true });
      scheduler.beforeExpiry(next, now());
      if (broadcast) channel?.post({ type: 'signed-in', held: next });
    },

    /** Ends the session here; a signed-out page hears no second SIGNED_OUT. */
    drop(event: AuthChangeEvent, { broadcast }: { broadcast: boolean }) {
      const wasSignedOut = store.get().status === 'signed-out';
      held = null;
      challenge.clear();
      scheduler.cancel();
      hint.clear();
      if (!(wasSignedOut && event === 'SIGNED_OUT')) store.emit(event, SIGNED_OUT);
      if (broadcast) channel?.post({ type: 'signed-out' });
    },

    /** This tab changed the profile (or the password, which also ends a recovery): the others are told. */
    userUpdated(user: UserProfile) {
      if (held) held = { ...held, session: { ...held.session, user } };
      store.emit('USER_UPDATED', { ...store.get(), session: held?.session ?? null, user, recovery: false });
      channel?.post({ type: 'user-updated', user });
    },

    /** Another tab changed the profile of the user held here; a recovery under way here stays one. */
    userUpdatedElsewhere(user: UserProfile) {
      if (!held) return;
      held = { ...held, session: { ...held.session, user } };
      store.emit('USER_UPDATED', { ...store.get(), session: held.session, user });
    },
  };
}
export type SessionHolder = ReturnType<typeof createSessionHolder>;
