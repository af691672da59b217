import type { Session, UserProfile } from '@agentdock/contracts';

export type { Session, UserProfile };

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

/** What every part of the page knows about the visitor; replaced as a whole on each change. */
export interface SessionState {
  /** 'loading' until the first session check of the page has ended. */
  status: SessionStatus;
  session: Session | null;
  user: UserProfile | null;
  /** The session came from a password-recovery link and the password has not been changed yet. */
  recovery: boolean;
}

export type AuthChangeEvent =
  | 'INITIAL_SESSION'
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'PASSWORD_RECOVERY'
  | 'TOKEN_REFRESHED'
  | 'USER_UPDATED';

export type AuthStateListener = (event: AuthChangeEvent, state: SessionState) => void;
