import { createContext, useContext } from 'react';

/**
 * What the layout needs to know about the visitor. Identity provides the signed-in value later;
 * until then every visitor is signed out.
 */
export type Session =
  | { status: 'signed-out' }
  | { status: 'signed-in'; email: string; isAdmin: boolean; signOut: () => Promise<void> };

export const SessionContext = createContext<Session>({ status: 'signed-out' });

export function useSession(): Session {
  return useContext(SessionContext);
}
