// The light entry of the session package ('@agentdock/session/visitor'): what a page needs to
// show the visitor's state and to act as them, without the session client itself. The package's
// main entry (a shared singleton: the client, its refresh and second-step logic and the API
// client's error parsing) is loaded only when there may be a session (this browser holds one, or
// another tab just signed in), when some app creates the client, or when the page acts as the
// visitor; an anonymous visitor reading a public page never downloads it.
import type { ApiClient } from '@agentdock/api-client';
import { useCallback, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { SessionClientContext } from './context';
import type { SessionClient } from './session-client';
import { browserStorage, createSessionHint, SESSION_CLIENT_CREATED_EVENT, SESSION_HINT_KEY } from './session-hint';
import { SIGNED_OUT } from './state-store';
import type { AuthStateListener, SessionState } from './types';

const listeners = new Set<() => void>();
const authListeners = new Set<AuthStateListener>();
// What the client would start with: 'loading' while a session may exist, else signed out.
let state: SessionState = createSessionHint(browserStorage()).present() ? { ...SIGNED_OUT, status: 'loading' } : SIGNED_OUT;
let pending: Promise<SessionClient> | undefined;

function follow(client: SessionClient): void {
  const update = () => {
    state = client.getState();
    for (const listener of [...listeners]) listener();
  };
  client.subscribe(update);
  client.onAuthStateChange((event, next) => {
    for (const listener of [...authListeners]) listener(event, next);
  });
  update();
}

/** The page's session client (the shared singleton), loaded on first call; this entry follows its state from then on. */
export function loadSessionClient(): Promise<SessionClient> {
  if (!pending) {
    // By its package name, not a relative path: the shared singleton, not a copy in this bundle.
    const loading = import('@agentdock/session').then(({ getSessionClient }) => {
      const client = getSessionClient();
      follow(client);
      return client;
    });
    pending = loading;
    // A failed download (a deploy, the network) is tried again on the next call.
    loading.catch(() => {
      if (pending === loading) pending = undefined;
    });
  }
  return pending;
}

/** Whether this browser may hold a session (it signed in here, or in another tab): then the anonymous view a server drew may not be this visitor's. */
export function mayHoldSession(): boolean {
  return createSessionHint(browserStorage()).present();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const getState = () => state;

/**
 * The session state, as useSession gives it, without loading the client: signed out until a
 * session may exist. Under a SessionProvider (tests, the server renderer) it is that client's.
 */
export function useVisitorSession(): SessionState {
  const provided = useContext(SessionClientContext);
  return useSyncExternalStore(provided?.subscribe ?? subscribe, provided?.getState ?? getState, provided?.getState ?? getState);
}

/**
 * useAuthEvent without loading the client: the provided client's events, or the page's client's
 * from the time it has loaded (a page that never loads it has no events to miss).
 */
export function useVisitorAuthEvent(listener: AuthStateListener): void {
  const provided = useContext(SessionClientContext);
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    const forward: AuthStateListener = (event, next) => latest.current(event, next);
    if (provided) return provided.onAuthStateChange(forward);
    authListeners.add(forward);
    return () => {
      authListeners.delete(forward);
    };
  }, [provided]);
}

/** For an action (sign out, checkout): the provided client, or the page's, loaded if need be. */
export function useSessionClientLoader(): () => Promise<SessionClient> {
  const provided = useContext(SessionClientContext);
  return useCallback(() => (provided ? Promise.resolve(provided) : loadSessionClient()), [provided]);
}

/** Gateway calls as the visitor (the client's `api`), the client loaded on the first call. */
export const visitorApi: ApiClient = {
  call: (async (endpoint: unknown, options?: unknown) =>
    ((await loadSessionClient()).api.call as (e: unknown, o: unknown) => Promise<unknown>)(endpoint, options)) as unknown as ApiClient['call'],
  download: async (endpoint, options) => (await loadSessionClient()).api.download(endpoint, options),
};

function ignore(): void {}

if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
  // A session may exist: its first check starts now, alongside the page's other downloads.
  if (state.status === 'loading') loadSessionClient().catch(ignore);
  // Another app on the page made the client (a sign-in page, a member's page): follow it.
  window.addEventListener(SESSION_CLIENT_CREATED_EVENT, () => loadSessionClient().catch(ignore));
  // Another tab signed in (it sets the hint): the client's first check picks the session up.
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_HINT_KEY && event.newValue) loadSessionClient().catch(ignore);
  });
}
