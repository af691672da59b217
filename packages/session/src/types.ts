import type { Session, UserProfile } from '@agentdock/contracts';

export type { Session, UserProfile };

/**
 * 'mfa-required': a first factor (password, emailed link or code) was right, and the account has a
 * second factor; `verifyMfa` with an authenticator or recovery code finishes the sign-in.
 */
export type SessionStatus = 'loading' | 'signed-in' | 'signed-out' | 'mfa-required';

/** What every part of the page knows about the visitor; replaced as a whole on each change. */
export interface SessionState {
  /** 'loading' until the first session check of the page has ended. */
  status: SessionStatus;
  session: Session | null;
  user: UserProfile | null;
  /** The session came from a password-recovery link and the password has not been changed yet. */
  recovery: boolean;
  /** The session passed a second factor ("multi-factor verified"): its token carries the `mfa` claim. */
  mfaVerified: boolean;
}

export type AuthChangeEvent =
  | 'INITIAL_SESSION'
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'PASSWORD_RECOVERY'
  | 'TOKEN_REFRESHED'
  | 'USER_UPDATED'
  /** A first factor was right; the second step is next (status 'mfa-required'). */
  | 'MFA_REQUIRED'
  /** The second step passed: signed in and multi-factor verified (a recovery link's gives PASSWORD_RECOVERY). */
  | 'MFA_CHALLENGE_VERIFIED';

export type AuthStateListener = (event: AuthChangeEvent, state: SessionState) => void;
