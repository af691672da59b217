/** @jest-environment @agentdock/session/jsdom-environment */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PKCE_VERIFIER_KEY } from '@agentdock/session';
import { errorResponse, fakeIdentity, jsonResponse, memoryStorage, sessionFixture } from '@agentdock/session/testing';
import AuthCallbackPage from './auth-callback-page';
import ForgotPasswordPage from './forgot-password-page';
import ResetPasswordPage from './reset-password-page';
import SignInPage from './sign-in-page';
import { EMAIL_CONFIRMED_NOTICE, EmailConfirmedNotice } from '@agentdock/ui';
import { renderAuthPage } from './testing';

const pages = { '/auth/callback': <AuthCallbackPage />, '/reset-password': <ResetPasswordPage />, '/forgot-password': <ForgotPasswordPage /> };
const landed = () => screen.findByTestId('landed');
const EXCHANGE = 'POST /api/identity/token/exchange';
const VERIFIER = 'v'.repeat(43);
/** The browser that asked for the link still holds its PKCE verifier. */
const askedHere = () => memoryStorage({ [PKCE_VERIFIER_KEY]: VERIFIER });
const invalidCode = () => errorResponse(400, 'invalid_code', 'This link is invalid or has expired. Please request a new one.');

describe('/forgot-password', () => {
  it("sends the recovery email, then shows 'Check Your Email' with a link back to /signin", async () => {
    const identity = fakeIdentity();
    identity.on('POST /api/identity/recover', jsonResponse(202, { status: 'email_sent' }));
    renderAuthPage('/forgot-password', pages, { identity });
    const user = userEvent.setup();
    const field = screen.getByLabelText('Email address');
    expect(field.getAttribute('type')).toBe('email');
    expect(field.hasAttribute('required')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Send Reset Instructions' }));
    expect(screen.getByText('Enter your email address')).toBeTruthy();
    await user.type(field, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Instructions' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Check Your Email' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBe(document.activeElement);
    expect(screen.getByText('If an account exists for ada@example.com, we have sent it instructions to reset your password.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/signin');
    expect(identity.callsTo('POST /api/identity/recover')[0]!.body).toEqual({ email: 'ada@example.com', codeChallenge: expect.any(String) });
  });

  it("shows the server's refusal in a red box", async () => {
    const identity = fakeIdentity();
    identity.on('POST /api/identity/recover', errorResponse(429, 'rate_limited', 'Too many requests. Please try again in a minute.'));
    renderAuthPage('/forgot-password', pages, { identity });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Instructions' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Please try again in a minute.');
    expect(screen.queryByText('Check Your Email')).toBeNull();
  });
});

describe('/reset-password', () => {
  it('exchanges the link for a recovery session, sets the new password, says so and goes on to the dashboard', async () => {
    const identity = fakeIdentity();
    const recovery = sessionFixture({ kind: 'recovery' });
    identity.on(EXCHANGE, jsonResponse(200, recovery));
    identity.on('POST /api/identity/me/password', jsonResponse(200, recovery.user));
    renderAuthPage('/reset-password?code=abc', pages, { identity, storage: askedHere() });

    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password (at least 8 characters)'), 'a new passphrase');
    await user.type(screen.getByLabelText('Confirm new password'), 'a new passphrase');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));

    const changed = await screen.findByRole('heading', { level: 1, name: 'Password changed' });
    expect(document.activeElement).toBe(changed);
    expect(screen.getByText(/Your password has been changed\./)).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Continue' }));
    expect((await landed()).textContent).toBe('/dashboard');
    expect(identity.callsTo(EXCHANGE)[0]!.body).toEqual({ code: 'abc', codeVerifier: VERIFIER });
    const change = identity.callsTo('POST /api/identity/me/password')[0]!;
    expect(change.headers.get('authorization')).toBe(`Bearer ${recovery.accessToken}`);
  });

  it('asks a signed-in visitor who did not come from a reset link for the current password', async () => {
    const identity = fakeIdentity();
    const signedIn = sessionFixture({ kind: 'password' });
    identity.on('POST /api/identity/signin/password', jsonResponse(200, signedIn));
    identity.on('POST /api/identity/me/password', jsonResponse(200, signedIn.user));
    const { client } = renderAuthPage('/reset-password', pages, { identity });
    await act(() => client.signInWithPassword({ email: 'ada@example.com', password: 'the old one' }));

    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password (at least 8 characters)'), 'a new passphrase');
    await user.type(screen.getByLabelText('Confirm new password'), 'a new passphrase');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Enter your current password')).toBeTruthy();
    expect(identity.callsTo('POST /api/identity/me/password')).toHaveLength(0);

    await user.type(screen.getByLabelText('Current password'), 'the old one');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Password changed' })).toBeTruthy();
    expect(identity.callsTo('POST /api/identity/me/password')[0]!.body).toEqual({ password: 'a new passphrase', currentPassword: 'the old one' });
  });

  it('asks for the current password when the server finds the reset link’s session too old', async () => {
    const identity = fakeIdentity();
    const recovery = sessionFixture({ kind: 'recovery' });
    identity.on(EXCHANGE, jsonResponse(200, recovery));
    identity.on('POST /api/identity/me/password', errorResponse(403, 'reauthentication_required', 'For your security, enter your current password to make this change.'));
    renderAuthPage('/reset-password?code=abc', pages, { identity, storage: askedHere() });

    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password (at least 8 characters)'), 'a new passphrase');
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await user.type(screen.getByLabelText('Confirm new password'), 'a new passphrase');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('For your security, enter your current password to make this change.');
    expect(screen.getByLabelText('Current password')).toBeTruthy();
  });

  it('explains an expired link and links to /forgot-password', async () => {
    const identity = fakeIdentity();
    identity.on(EXCHANGE, invalidCode());
    renderAuthPage('/reset-password?code=old', pages, { identity, storage: askedHere() });
    expect((await screen.findByRole('alert')).textContent).toBe('This link is invalid or has expired. Please request a new one.');
    expect(screen.getByRole('link', { name: 'Request a new reset link' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('explains a link opened in another browser without calling the server', async () => {
    const { identity } = renderAuthPage('/reset-password?code=abc', pages);
    expect((await screen.findByRole('alert')).textContent).toMatch(/already used or was opened in another browser/);
    expect(identity.calls).toHaveLength(0);
  });

  it('without a link and signed out, says where reset links come from', async () => {
    renderAuthPage('/reset-password', pages);
    expect((await screen.findByRole('alert')).textContent).toMatch(/Open this page from the link in your password reset email/);
  });
});

describe('/auth/callback', () => {
  it('completes a confirmation link and goes to /dashboard', async () => {
    const identity = fakeIdentity();
    identity.on(EXCHANGE, jsonResponse(200, sessionFixture({ kind: 'link' })));
    const { client } = renderAuthPage('/auth/callback?code=abc&type=signup', pages, { identity, storage: askedHere() });
    expect(screen.getByRole('heading', { level: 1, name: 'Completing Authentication' })).toBeTruthy();
    expect(screen.getByText('Please wait while we complete your sign in...')).toBeTruthy();
    expect((await landed()).textContent).toBe('/dashboard');
    expect(client.getState().status).toBe('signed-in');
  });

  it('says on arrival that the address is confirmed, on the page the confirmation link leads to (a sign-in link says nothing)', async () => {
    const identity = fakeIdentity();
    identity.on(EXCHANGE, jsonResponse(200, sessionFixture({ kind: 'link' })));
    const withNotice = { ...pages, '/pricing': <EmailConfirmedNotice /> };
    const next = encodeURIComponent('/pricing?checkout=starter&period=annual');
    renderAuthPage(`/auth/callback?code=abc&type=signup&next=${next}`, withNotice, { identity, storage: askedHere() });
    expect(await screen.findByText(EMAIL_CONFIRMED_NOTICE)).toBeTruthy();
  });

  it('says nothing about confirming after a sign-in link', async () => {
    const identity = fakeIdentity();
    identity.on(EXCHANGE, jsonResponse(200, sessionFixture({ kind: 'link' })));
    renderAuthPage(
      '/auth/callback?code=abc&type=magiclink&next=%2Fpricing',
      {
        ...pages,
        '/pricing': (
          <>
            <EmailConfirmedNotice />
            <p>Pricing</p>
          </>
        ),
      },
      { identity, storage: askedHere() },
    );
    expect(await screen.findByText('Pricing')).toBeTruthy();
    expect(screen.queryByText(EMAIL_CONFIRMED_NOTICE)).toBeNull();
  });

  it('honours the link’s next page (same site only)', async () => {
    const identity = fakeIdentity();
    identity.on(EXCHANGE, jsonResponse(200, sessionFixture({ kind: 'link' })));
    renderAuthPage('/auth/callback?code=abc&type=magiclink&next=%2Fchat', pages, { identity, storage: askedHere() });
    expect((await landed()).textContent).toBe('/chat');
  });

  it('ignores a next page on another site', async () => {
    const identity = fakeIdentity();
    identity.on(EXCHANGE, jsonResponse(200, sessionFixture({ kind: 'link' })));
    renderAuthPage('/auth/callback?code=abc&next=https%3A%2F%2Fevil.example', pages, { identity, storage: askedHere() });
    expect((await landed()).textContent).toBe('/dashboard');
  });

  it("shows 'Authentication Error', the message and 'Go to Sign In' when the link fails", async () => {
    const identity = fakeIdentity();
    identity.on(EXCHANGE, invalidCode());
    renderAuthPage('/auth/callback?code=used', pages, { identity, storage: askedHere() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Authentication Error' })).toBeTruthy();
    expect(screen.getByText('Authentication error. Please try again.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('This link is invalid or has expired. Please request a new one.');
    expect(screen.getByRole('link', { name: 'Go to Sign In' }).getAttribute('href')).toBe('/signin');
  });

  it('confirms the address of a confirmation link opened in another browser, and shows the sign-in form with it filled in', async () => {
    const identity = fakeIdentity();
    identity.on('POST /api/identity/links/open', jsonResponse(200, { purpose: 'signup', email: 'ada@example.com', emailConfirmed: true }));
    const { client } = renderAuthPage('/auth/callback?code=abc&type=signup&next=%2Fchat', { ...pages, '/signin': <SignInPage /> }, { identity });
    expect(await screen.findByText('Email confirmed. Sign in to continue.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back!' })).toBeTruthy();
    expect((screen.getByLabelText('Email or phone number') as HTMLInputElement).value).toBe('ada@example.com');
    expect(identity.callsTo('POST /api/identity/links/open')[0]!.body).toEqual({ code: 'abc' });
    expect(identity.callsTo(EXCHANGE)).toHaveLength(0);
    expect(client.getState().status).toBe('signed-out');
  });

  it('offers to sign in this browser with an emailed code when a sign-in link was opened in another', async () => {
    const identity = fakeIdentity();
    identity.on('POST /api/identity/links/open', jsonResponse(200, { purpose: 'magiclink', email: 'ada@example.com', emailConfirmed: true }));
    identity.on('POST /api/identity/otp', jsonResponse(202, { status: 'email_sent', expiresInMinutes: 10 }));
    renderAuthPage('/auth/callback?code=abc&type=magiclink', { ...pages, '/signin': <SignInPage /> }, { identity });
    expect(await screen.findByText(/opened in another browser than the one that asked for it/)).toBeTruthy();
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('ada@example.com');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send Code' }));
    expect(await screen.findByLabelText('6-digit code')).toBeTruthy();
    expect(identity.callsTo('POST /api/identity/otp')[0]!.body).toEqual({ email: 'ada@example.com' });
  });

  it('offers a new confirmation link, bound to this browser, when a confirmation link fails here', async () => {
    const identity = fakeIdentity();
    identity.on(EXCHANGE, errorResponse(400, 'pkce_verifier_missing', 'Open this link in the browser where you asked for it.'));
    identity.on('POST /api/identity/signup/resend', jsonResponse(202, { status: 'email_sent' }));
    renderAuthPage('/auth/callback?code=abc&type=signup&next=%2Fchat', pages, { identity, storage: askedHere() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Authentication Error' })).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend confirmation email' }));
    expect(await screen.findByText(/a new confirmation link is on its way/)).toBeTruthy();
    expect(identity.callsTo('POST /api/identity/signup/resend')[0]!.body).toEqual({ email: 'ada@example.com', codeChallenge: expect.any(String), redirectTo: '/chat' });
  });

  it('offers no confirmation link for a failed sign-in link', async () => {
    const identity = fakeIdentity();
    identity.on(EXCHANGE, invalidCode());
    renderAuthPage('/auth/callback?code=used&type=magiclink', pages, { identity, storage: askedHere() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Authentication Error' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend confirmation email' })).toBeNull();
  });

  it('without a code goes to /signin when signed out and /dashboard when signed in', async () => {
    renderAuthPage('/auth/callback', pages);
    expect((await landed()).textContent).toBe('/signin');
  });

  it('without a code and with a session goes to /dashboard', async () => {
    const identity = fakeIdentity();
    identity.on('POST /api/identity/token/refresh', jsonResponse(200, sessionFixture()));
    renderAuthPage('/auth/callback', pages, { identity, signedIn: true });
    expect((await landed()).textContent).toBe('/dashboard');
  });
});
