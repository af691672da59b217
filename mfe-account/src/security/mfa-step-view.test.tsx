/** @jest-environment @agentdock/session/jsdom-environment */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorResponse, fakeIdentity, jsonResponse, sessionFixture } from '@agentdock/session/testing';
import { PKCE_VERIFIER_KEY } from '@agentdock/session';
import { memoryStorage } from '@agentdock/session/testing';
import AuthCallbackPage from '../auth/auth-callback-page';
import ResetPasswordPage from '../auth/reset-password-page';
import SignInPage from '../auth/sign-in-page';
import { renderAuthPage } from '../auth/testing';

const SIGN_IN = 'POST /api/identity/signin/password';
const VERIFY = 'POST /api/identity/mfa/verify';

function enrolledAccount() {
  const identity = fakeIdentity();
  identity.on(SIGN_IN, () => jsonResponse(200, { mfaRequired: true, challengeToken: 'challenge-1', expiresAt: Math.floor(Date.now() / 1000) + 300 }));
  identity.on(VERIFY, (call) => {
    const { code } = call.body as { code: string };
    return code === '123456' || code === 'ABCDE-FGHJK'
      ? jsonResponse(200, sessionFixture({ mfaVerified: true }))
      : errorResponse(400, 'invalid_mfa_code', 'That code is not valid.');
  });
  return identity;
}

async function signInWithPassword() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email or phone number'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  await screen.findByRole('heading', { name: 'Two-factor authentication' });
  return user;
}

describe('sign-in’s second step', () => {
  it('asks for the authenticator code after the password, then goes on to the returnUrl', async () => {
    const { identity } = renderAuthPage(`/signin?returnUrl=${encodeURIComponent('/pricing')}`, { '/signin': <SignInPage /> }, { identity: enrolledAccount() });
    const user = await signInWithPassword();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Two-factor authentication' }));

    await user.type(screen.getByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That code is not valid.');

    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/pricing');
    expect(identity.callsTo(VERIFY).at(-1)!.body).toEqual({ challengeToken: 'challenge-1', code: '123456' });
  });

  it('takes a recovery code instead, and goes back to the password on request', async () => {
    renderAuthPage('/signin', { '/signin': <SignInPage /> }, { identity: enrolledAccount() });
    let user = await signInWithPassword();
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByLabelText('Email or phone number')).toBeTruthy();

    user = await signInWithPassword();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter one of your recovery codes')).toBeTruthy();
    await user.type(screen.getByLabelText('Recovery code'), 'ABCDE-FGHJK');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/dashboard');
  });

  it('says when the challenge is over and starts again from the password', async () => {
    const identity = enrolledAccount();
    const over = 'Your sign-in took too long or had too many wrong codes. Please sign in again.';
    identity.on(VERIFY, errorResponse(401, 'invalid_mfa_challenge', over));
    renderAuthPage('/signin', { '/signin': <SignInPage /> }, { identity });
    const user = await signInWithPassword();
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(over);
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign In Again' }));
    expect(await screen.findByLabelText('Email or phone number')).toBeTruthy();
  });

  it('takes a magic link of an enrolled account to the second step, then to the link’s page', async () => {
    const identity = enrolledAccount();
    identity.on('POST /api/identity/token/exchange', jsonResponse(200, { mfaRequired: true, challengeToken: 'challenge-1', expiresAt: Math.floor(Date.now() / 1000) + 300 }));
    const storage = memoryStorage({ [PKCE_VERIFIER_KEY]: 'v'.repeat(43) });
    renderAuthPage(
      `/auth/callback?code=link-code&type=magiclink&next=${encodeURIComponent('/chat')}`,
      { '/auth/callback': <AuthCallbackPage />, '/signin': <SignInPage /> },
      { identity, storage },
    );
    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/chat');
  });

  it('asks a reset link of an enrolled account for the second step before the new password', async () => {
    const identity = enrolledAccount();
    identity.on('POST /api/identity/token/exchange', jsonResponse(200, { mfaRequired: true, challengeToken: 'challenge-1', expiresAt: Math.floor(Date.now() / 1000) + 300 }));
    identity.on(VERIFY, jsonResponse(200, sessionFixture({ kind: 'recovery', mfaVerified: true })));
    const storage = memoryStorage({ [PKCE_VERIFIER_KEY]: 'v'.repeat(43) });
    renderAuthPage('/reset-password?code=reset-code', { '/reset-password': <ResetPasswordPage /> }, { identity, storage });
    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeTruthy();
    expect(screen.queryByLabelText('New password (at least 8 characters)')).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'ABCDE-FGHJK');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByLabelText('New password (at least 8 characters)')).toBeTruthy();
  });
});
