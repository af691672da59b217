import type { AuthChangeEvent, AuthStateListener, SessionState } from './types';

export const SIGNED_OUT: SessionState = { status: 'signed-out', session: null, user: null, recovery: false, mfaVerified: false };

/** The session state and who hears of its changes: plain listeners (useSyncExternalStore) and auth-event listeners. */
export function createStateStore(initial: SessionState) {
  let state = initial;
  const changeListeners = new Set<() => void>();
  const authListeners = new Set<AuthStateListener>();
  return {
    get: () => state,
    /** Replaces the state, then tells the plain listeners before the auth-event ones. */
    emit(event: AuthChangeEvent, next: SessionState) {
      state = next;
      // Copies: a listener may unsubscribe while being called.
      for (const listener of [...changeListeners]) listener();
      for (const listener of [...authListeners]) listener(event, state);
    },
    subscribe(onChange: () => void): () => void {
      changeListeners.add(onChange);
      return () => changeListeners.delete(onChange);
    },
    /** Once the first check has ended, a new listener also hears INITIAL_SESSION with the state of then. */
    onAuthStateChange(listener: AuthStateListener): () => void {
      authListeners.add(listener);
      if (state.status !== 'loading') {
        queueMicrotask(() => {
          if (authListeners.has(listener)) listener('INITIAL_SESSION', state);
        });
      }
      return () => authListeners.delete(listener);
    },
  };
}
export type StateStore = ReturnType<typeof createStateStore>;
