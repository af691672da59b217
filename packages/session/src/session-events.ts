import type { HeldSession, TabMessage } from './tab-sync';
import type { AuthChangeEvent, Session, SessionState, UserProfile } from './types';

/** What a refreshed session is to the listeners: the first check's answer, the same user's new token, or a new user. */
export function eventForRefresh(state: SessionState, session: Session): AuthChangeEvent {
  if (state.status === 'loading') return 'INITIAL_SESSION';
  return state.user?.id === session.user.id ? 'TOKEN_REFRESHED' : 'SIGNED_IN';
}

/** What this tab does with another tab's message. */
export type TabMessageEffect =
  { kind: 'ignore' } | { kind: 'sign-out' } | { kind: 'update-user'; user: UserProfile } | { kind: 'hold'; held: HeldSession; event: AuthChangeEvent; recovery: boolean };

export function tabMessageEffect(message: TabMessage, state: SessionState, held: HeldSession | null): TabMessageEffect {
  if (message.type === 'signed-out') return state.status === 'signed-out' ? { kind: 'ignore' } : { kind: 'sign-out' };
  if (message.type === 'user-updated') {
    return held && held.session.user.id === message.user.id ? { kind: 'update-user', user: message.user } : { kind: 'ignore' };
  }
  // This tab's own session, or one it already took from another tab.
  if (held?.session.accessToken === message.held.session.accessToken) return { kind: 'ignore' };
  const event = state.status === 'signed-in' && state.user?.id === message.held.session.user.id ? 'TOKEN_REFRESHED' : 'SIGNED_IN';
  // A recovery link opened in another tab is that tab's flow; here it is a plain session.
  const recovery = event === 'TOKEN_REFRESHED' && state.recovery;
  return { kind: 'hold', held: message.held, event: state.status === 'loading' ? 'INITIAL_SESSION' : event, recovery };
}
