import { createChallengeSlot } from './challenge-slot';
import { createSecondStep } from './second-step';
import { SIGNED_OUT } from './state-store';
import { createRecordingStore } from './testing/recording-store';
import { sessionFixture } from './testing/fake-identity';
import type { Session } from './types';

function setup() {
  const { store, events } = createRecordingStore();
  const challenge = createChallengeSlot();
  const signedIn = jest.fn((session: Session) => session);
  return { store, events, challenge, signedIn, step: createSecondStep({ store, challenge, signedIn }) };
}

const mfaRequired = { mfaRequired: true as const, challengeToken: 'challenge-1', expiresAt: 1_900_000_000 };

describe('createSecondStep', () => {
  it('a first factor without a second one signs in at once', () => {
    const { step, signedIn, challenge } = setup();
    const session = sessionFixture();
    expect(step.firstFactorPassed(session)).toBe(session);
    expect(signedIn).toHaveBeenCalledWith(session);
    expect(challenge.get()).toBeNull();
  });

  it('a first factor of an enrolled account keeps the challenge and asks for the code', () => {
    const { step, store, events, challenge, signedIn } = setup();
    expect(step.firstFactorPassed(mfaRequired)).toEqual({ mfaRequired: true, expiresAt: mfaRequired.expiresAt });
    expect(store.get()).toEqual({ ...SIGNED_OUT, status: 'mfa-required' });
    expect(events).toEqual(['MFA_REQUIRED']);
    expect(challenge.get()).toEqual({ token: 'challenge-1', expiresAt: mfaRequired.expiresAt });
    expect(signedIn).not.toHaveBeenCalled();
  });

  it('verify sends the code with the challenge and signs in multi-factor verified', async () => {
    const { step, signedIn } = setup();
    step.firstFactorPassed(mfaRequired);
    const session = sessionFixture({ mfaVerified: true });
    const send = jest.fn(async () => session);
    expect(await step.verify('123456', send)).toBe(session);
    expect(send).toHaveBeenCalledWith({ challengeToken: 'challenge-1', code: '123456' });
    expect(signedIn).toHaveBeenCalledWith(session, 'MFA_CHALLENGE_VERIFIED');
  });

  it('verify is refused before any call without a pending step, and after it was cancelled', async () => {
    const { step, store, events } = setup();
    const send = jest.fn();
    await expect(step.verify('123456', send)).rejects.toMatchObject({ name: 'AuthError', code: 'mfa_not_pending' });

    step.firstFactorPassed(mfaRequired);
    step.cancel();
    expect(store.get()).toEqual(SIGNED_OUT);
    expect(events).toEqual(['MFA_REQUIRED', 'SIGNED_OUT']);
    await expect(step.verify('123456', send)).rejects.toMatchObject({ code: 'mfa_not_pending' });
    expect(send).not.toHaveBeenCalled();
  });

  it('cancel outside the second step tells nobody', () => {
    const { step, events } = setup();
    step.cancel();
    expect(events).toEqual([]);
  });

  it('verify is refused before any call while a challenge is kept but the page is not at the second step', async () => {
    const { challenge, step } = setup();
    challenge.set({ token: 'challenge', expiresAt: 1 });
    const send = jest.fn();
    await expect(step.verify('123456', send)).rejects.toMatchObject({ code: 'mfa_not_pending', message: 'Sign in with your password or an emailed link or code first.' });
    expect(send).not.toHaveBeenCalled();
  });
});
