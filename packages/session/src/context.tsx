import { createContext, type ReactNode } from 'react';
import type { SessionClient } from './session-client';

/**
 * Its own module so that the light entry (visitor.ts) can honour a SessionProvider without
 * bundling the session client the package's main entry brings.
 */
export const SessionClientContext = createContext<SessionClient | null>(null);

/** Gives a subtree another client than the page's (tests, the server renderer); without it, hooks use getSessionClient(). */
export function SessionProvider({ client, children }: { client: SessionClient; children: ReactNode }) {
  return <SessionClientContext.Provider value={client}>{children}</SessionClientContext.Provider>;
}
