import type { UserProfile } from '@agentdock/contracts';
import { useVisitorSession, visitorApi } from '@agentdock/session/visitor';

/** Who is looking at a marketing page, as far as these pages care. */
export type Visitor = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; user: UserProfile };

/**
 * From the session package's light entry: an anonymous visitor's course and pricing pages do not
 * download the session client only to learn that nobody is signed in.
 */
export function useVisitor(): Visitor {
  const { status, user } = useVisitorSession();
  if (status === 'signed-in' && user) return { status, user };
  return status === 'loading' ? { status } : { status: 'signed-out' };
}

/** Gateway calls as the signed-in visitor (bearer token, refreshed when needed). */
export function memberClient() {
  return visitorApi;
}
