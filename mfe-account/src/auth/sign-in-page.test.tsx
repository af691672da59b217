/** @jest-environment @agentdock/session/jsdom-environment */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PKCE_VERIFIER_KEY } from '@agentdock/session';
import { errorResponse, fakeIdentity, jsonResponse, memoryStorage, sessionFixture } from '@agentdock/session/testing';
import SignInPage from './sign-in-page';
import SignUpPage from './sign-up-page';
import { renderAuthPage } from './testing';

const pages = { '/signin': <SignInPage />, '/signup': <SignUpPage /> };
const landed = () => screen.findByTestId('landed');
const SIGN_IN = 'POST /api/identity/signin/password';

function signInAs(identity = fakeIdentity()) {
  identity.on(SIGN_IN, (call) =>
    (call.body as { password: string }).password === 'correct horse' ? jsonResponse(200, sessionFixture()) : errorResponse(400, 'invalid_credentials', 'Invalid login credentials'),
  );
  return identity;
}

async function fillSignIn(identifier: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email or phone number'), identifier);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('/signin', () => {
  it("says 'Welcome back!' and offers no social providers", () => {
    renderAuthPage('/signin', pages);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back!' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /google|github|apple|facebook/i })).toBeNull();
    expect(screen.getByLabelText('Email or phone number').getAttribute('autocomplete')).toBe('username');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
  });

  it('checks the fields before calling the server', async () => {
    const { identity } = renderAuthPage('/signin', pages);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Enter your email address or phone number')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Email or phone number'));

    await user.type(screen.getByLabelText('Email or phone number'), 'ada@example');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(identity.calls).toHaveLength(0);
  });

  it("shows the server's message in a red box", async () => {
    renderAuthPage('/signin', pages, { identity: signInAs() });
    await fillSignIn('ada@example.com', 'wrong password');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid login credentials');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('signs in, shows Redirecting... and goes to /dashboard', async () => {
    const { identity } = renderAuthPage('/signin', pages, { identity: signInAs() });
    await fillSignIn('  Ada@Example.com ', 'correct horse');
    expect((await landed()).textContent).toBe('/dashboard');
    expect(identity.callsTo(SIGN_IN)[0]!.body).toEqual({ email: 'ada@example.com', password: 'correct horse' });
  });

  it('signs in with a phone number', async () => {
    const { identity } = renderAuthPage('/signin', pages, { identity: signInAs() });
    await fillSignIn('+14155550100', 'correct horse');
    await landed();
    expect(identity.callsTo(SIGN_IN)[0]!.body).toEqual({ phone: '+14155550100', password: 'correct horse' });
  });

  it('honours a same-site returnUrl, decoded', async () => {
    renderAuthPage(`/signin?returnUrl=${encodeURIComponent('/courses/ai-fundamentals?tab=2')}`, pages, { identity: signInAs() });
    await fillSignIn('ada@example.com', 'correct horse');
    expect((await landed()).textContent).toBe('/courses/ai-fundamentals?tab=2');
  });

  it.each(['https://evil.example/phish', '//evil.example', '/\\evil.example', 'javascript:alert(1)'])('ignores returnUrl %s', async (returnUrl) => {
    renderAuthPage(`/signin?returnUrl=${encodeURIComponent(returnUrl)}`, pages, { identity: signInAs() });
    await fillSignIn('ada@example.com', 'correct horse');
    expect((await landed()).textContent).toBe('/dashboard');
  });

  it("shows a signed-in visitor 'Redirecting...' and sends them on", async () => {
    const identity = fakeIdentity();
    let answer: (response: Response) => void = () => undefined;
    identity.on('POST /api/identity/token/refresh', () => new Promise<Response>((resolve) => (answer = resolve)));
    renderAuthPage('/signin?returnUrl=%2Fchat', pages, { identity, signedIn: true });
    expect(screen.getByText('Checking your session…')).toBeTruthy();
    await waitFor(() => expect(identity.calls).toHaveLength(1));
    answer(jsonResponse(200, sessionFixture()));
    expect((await landed()).textContent).toBe('/chat');
  });

  it('offers to resend the confirmation email when the address is not confirmed yet', async () => {
    const identity = fakeIdentity();
    identity.on(SIGN_IN, errorResponse(403, 'email_not_confirmed', 'Email not confirmed. Please open the confirmation link we emailed you before signing in.'));
    identity.on('POST /api/identity/signup/resend', jsonResponse(202, { status: 'email_sent' }));
    renderAuthPage('/signin?returnUrl=%2Fchat', pages, { identity });
    const user = await fillSignIn('ada@example.com', 'correct horse');
    expect((await screen.findByRole('alert')).textContent).toMatch(/Email not confirmed/);
    const resend = await screen.findByRole('region', { name: 'Resend confirmation email' });
    expect((within(resend).getByLabelText('Email address') as HTMLInputElement).value).toBe('ada@example.com');
    await user.click(within(resend).getByRole('button', { name: 'Resend confirmation email' }));
    expect(await screen.findByText(/a new confirmation link is on its way/)).toBeTruthy();
    expect(identity.callsTo('POST /api/identity/signup/resend')[0]!.body).toMatchObject({ email: 'ada@example.com', redirectTo: '/chat' });
  });

  it('offers no resend for a wrong password', async () => {
    renderAuthPage('/signin', pages, { identity: signInAs() });
    await fillSignIn('ada@example.com', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid login credentials');
    expect(screen.queryByRole('region', { name: 'Resend confirmation email' })).toBeNull();
  });

  it('links to sign up, keeping the returnUrl', async () => {
    renderAuthPage('/signin?returnUrl=%2Fpricing', pages);
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Sign up' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup?returnUrl=%2Fpricing');
  });
});

describe('views of /signin', () => {
  it('forgotten_password has its own URL, carries the typed address, and Back to sign in returns to the form', async () => {
    const identity = fakeIdentity();
    identity.on('POST /api/identity/recover', jsonResponse(202, { status: 'email_sent' }));
    renderAuthPage('/signin?returnUrl=%2Fchat', pages, { identity });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email or phone number'), 'ada@example.com');
    const link = screen.getByRole('link', { name: 'Forgot your password?' });
    expect(link.getAttribute('href')).toBe('/signin?view=forgotten_password&returnUrl=%2Fchat');
    await user.click(link);
    // The view loads when shown; its heading takes focus once drawn.
    const heading = await screen.findByRole('heading', { level: 1, name: 'Reset your password' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.queryByText('Welcome back!')).toBeNull();
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Instructions' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check Your Email' })).toBeTruthy();
    expect(identity.callsTo('POST /api/identity/recover')[0]!.body).toMatchObject({ email: 'ada@example.com' });

    await user.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Welcome back!' }));
    expect((screen.getByLabelText('Email or phone number') as HTMLInputElement).value).toBe('ada@example.com');
  });

  it('opens the sub-view the URL names', async () => {
    renderAuthPage('/signin?view=magic_link', pages);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in with a magic link' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/signin');
  });

  it('shows the sign-in form for an unknown view', () => {
    renderAuthPage('/signin?view=nonsense', pages);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back!' })).toBeTruthy();
  });

  it('magic_link refuses an empty address, then sends the link with the returnUrl', async () => {
    const identity = fakeIdentity();
    identity.on('POST /api/identity/magic-link', jsonResponse(202, { status: 'email_sent' }));
    renderAuthPage('/signin?returnUrl=%2Fmodels', pages, { identity });
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Send a magic link email' }));
    await user.click(await screen.findByRole('button', { name: 'Send Magic Link' }));
    expect(screen.getByText('Enter your email address')).toBeTruthy();
    expect(identity.calls).toHaveLength(0);

    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Magic Link' }));
    expect(await screen.findByText('Check your email for the magic link')).toBeTruthy();
    expect(identity.callsTo('POST /api/identity/magic-link')[0]!.body).toMatchObject({ email: 'ada@example.com', redirectTo: '/models' });
  });

  it('verify_otp: emails a code, refuses a wrong one, signs in with the right one', async () => {
    const identity = fakeIdentity();
    identity.on('POST /api/identity/otp', jsonResponse(202, { status: 'email_sent', expiresInMinutes: 10 }));
    identity.on('POST /api/identity/otp/verify', (call) =>
      (call.body as { code: string }).code === '123456'
        ? jsonResponse(200, sessionFixture({ kind: 'otp' }))
        : errorResponse(400, 'invalid_otp', 'The code is invalid or has expired. Please check it or request a new code.'),
    );
    renderAuthPage('/signin', pages, { identity });
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Sign in with a one-time code' }));
    await user.type(await screen.findByLabelText('Email address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(await screen.findByText('We emailed a 6-digit code to ada@example.com. It expires in 10 minutes.')).toBeTruthy();

    await user.type(screen.getByLabelText('6-digit code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(screen.getByText('Enter the 6-digit code')).toBeTruthy();

    await user.type(screen.getByLabelText('6-digit code'), '9');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/The code is invalid or has expired/);

    await user.clear(screen.getByLabelText('6-digit code'));
    await user.type(screen.getByLabelText('6-digit code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect((await landed()).textContent).toBe('/dashboard');
    expect(identity.callsTo('POST /api/identity/otp/verify').at(-1)!.body).toEqual({ email: 'ada@example.com', code: '123456' });
  });

  it('update_password while in a recovery session; the new password ends it and the visitor goes on', async () => {
    const identity = fakeIdentity();
    const recovery = sessionFixture({ kind: 'recovery' });
    identity.on('POST /api/identity/token/exchange', jsonResponse(200, recovery));
    identity.on('POST /api/identity/me/password', jsonResponse(200, recovery.user));
    const storage = memoryStorage({ [PKCE_VERIFIER_KEY]: 'v'.repeat(43) });
    const { client } = renderAuthPage('/signin', pages, { identity, storage });
    await act(() => client.exchangeCodeForSession('recovery-code'));

    expect(screen.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password (at least 8 characters)'), 'a new passphrase');
    await user.type(screen.getByLabelText('Confirm new password'), 'a new passphrase!');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(screen.getByText('The passwords do not match')).toBeTruthy();

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'a new passphrase');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    const changed = await screen.findByRole('heading', { level: 1, name: 'Password changed' });
    expect(document.activeElement).toBe(changed);
    expect(screen.getByText(/Your password has been changed\./)).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Continue' }));
    expect((await landed()).textContent).toBe('/dashboard');
    expect(identity.callsTo('POST /api/identity/me/password')[0]!.body).toEqual({ password: 'a new passphrase' });
    expect(client.getState().recovery).toBe(false);
  });
});

describe('/signup', () => {
  it("creates the account and says 'Check your email for the confirmation link'", async () => {
    const identity = fakeIdentity();
    identity.on('POST /api/identity/signup', jsonResponse(201, { status: 'confirmation_sent' }));
    renderAuthPage('/signup?returnUrl=%2Fpricing', pages, { identity });
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Full name (optional)'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password (at least 8 characters)'), 'short');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByText('Password should be at least 8 characters')).toBeTruthy();
    expect(identity.calls).toHaveLength(0);

    await user.type(screen.getByLabelText('Password (at least 8 characters)'), ' and longer');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Check your email for the confirmation link')).toBeTruthy();
    expect(identity.callsTo('POST /api/identity/signup')[0]!.body).toMatchObject({
      email: 'ada@example.com',
      fullName: 'Ada Lovelace',
      password: 'short and longer',
      redirectTo: '/pricing',
      codeChallenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
  });

  it("puts the server's field messages next to the fields", async () => {
    const identity = fakeIdentity();
    identity.on('POST /api/identity/signup', errorResponse(400, 'validation_failed', 'Some fields are invalid', [{ path: 'email', message: 'This address cannot receive email' }]));
    renderAuthPage('/signup', pages, { identity });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password (at least 8 characters)'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('This address cannot receive email')).toBeTruthy();
    expect(within(screen.getByRole('alert')).getByText('Some fields are invalid')).toBeTruthy();
    expect(screen.getByLabelText('Email address').getAttribute('aria-invalid')).toBe('true');
  });
});
