import { useCallback, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { SessionClientContext } from './context';
import type { SessionClient } from './session-client';
import { getSessionClient } from './singleton';
import type { AuthStateListener, SessionState } from './types';
import { getWorkspaceStore, type Workspace } from './workspace';

export { SessionProvider } from './context';

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

/**
 * The workspace the signed-in user works in (`null`: personal) and how to change it; every part of
 * the page that uses it renders again when the header's switch changes it.
 */
export function useWorkspace(): { workspace: Workspace | null; choose(workspace: Workspace | null): void } {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const store = getWorkspaceStore();
  const workspace = useSyncExternalStore(
    store.subscribe,
    () => store.get(userId),
    () => null,
  );
  const choose = useCallback((next: Workspace | null) => userId && store.choose(userId, next), [store, userId]);
  return { workspace, choose };
}
