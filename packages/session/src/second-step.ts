import type { SignInResult } from '@agentdock/contracts';
import { AuthError } from './auth-error';
import type { ChallengeSlot } from './challenge-slot';
import { SIGNED_OUT, type StateStore } from './state-store';
import type { Session } from './types';

/** A first factor's outcome: the session, or (the account has a second factor) the step still to take. */
export type SignInOutcome = Session | { mfaRequired: true; /** Epoch seconds. */ expiresAt: number };

export interface SecondStepDeps {
  store: StateStore;
  challenge: ChallengeSlot;
  /** Holds a session the visitor just made, with the event to tell. */
  signedIn: (session: Session, event?: 'SIGNED_IN' | 'MFA_CHALLENGE_VERIFIED') => Session;
}

/** Between a first factor and a session: the challenge of an account with a second factor. */
export function createSecondStep({ store, challenge, signedIn }: SecondStepDeps) {
  return {
    /** A first factor's answer: a session, or the challenge of the second step. */
    firstFactorPassed(result: SignInResult): SignInOutcome {
      if (!('mfaRequired' in result)) return signedIn(result);
      challenge.set({ token: result.challengeToken, expiresAt: result.expiresAt });
      store.emit('MFA_REQUIRED', { ...SIGNED_OUT, status: 'mfa-required' });
      return { mfaRequired: true, expiresAt: result.expiresAt };
    },

    /** Sends the code with the pending challenge; refused before any call when there is none. */
    async verify(code: string, send: (body: { challengeToken: string; code: string }) => Promise<Session>): Promise<Session> {
      const pending = challenge.get();
      if (!pending || store.get().status !== 'mfa-required') throw new AuthError('mfa_not_pending', 'Sign in with your password or an emailed link or code first.');
      return signedIn(await send({ challengeToken: pending.token, code }), 'MFA_CHALLENGE_VERIFIED');
    },

    /** Leaves the second step without signing in. */
    cancel() {
      challenge.clear();
      if (store.get().status === 'mfa-required') store.emit('SIGNED_OUT', SIGNED_OUT);
    },
  };
}
