import type { UserProfile } from '@agentdock/contracts';
import { getSessionClient, useSession } from '@agentdock/session';

/** Who is looking at a marketing page, as far as these pages care. */
export type Visitor = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; user: UserProfile };

export function useVisitor(): Visitor {
  const { status, user } = useSession();
  if (status === 'signed-in' && user) return { status, user };
  return status === 'loading' ? { status } : { status: 'signed-out' };
}

/** Gateway calls as the signed-in visitor (bearer token, refreshed when needed). */
export function memberClient() {
  return getSessionClient().api;
}
