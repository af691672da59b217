import { createContext, useContext, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import type { SessionClient } from './session-client';
import { getSessionClient } from './singleton';
import type { AuthStateListener, SessionState } from './types';

const SessionClientContext = createContext<SessionClient | null>(null);

/** Gives a subtree another client than the page's (tests); without it, hooks use getSessionClient(). */
export function SessionProvider({ client, children }: { client: SessionClient; children: ReactNode }) {
  return <SessionClientContext.Provider value={client}>{children}</SessionClientContext.Provider>;
}

export function useSessionClient(): SessionClient {
  return useContext(SessionClientContext) ?? getSessionClient();
}

/** The session state; the component renders again whenever it changes, in whichever tab or remote. */
export function useSession(): SessionState {
  const client = useSessionClient();
  return useSyncExternalStore(client.subscribe, client.getState, client.getState);
}

/** Calls `listener` with each auth event while the component is mounted (INITIAL_SESSION first). */
export function useAuthEvent(listener: AuthStateListener): void {
  const client = useSessionClient();
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => client.onAuthStateChange((event, state) => latest.current(event, state)), [client]);
}
