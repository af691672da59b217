import { webcrypto } from 'node:crypto';
import { CATALOG_ENDPOINTS, CHAT_ENDPOINTS, IDENTITY_ADMIN_ENDPOINTS, IDENTITY_ENDPOINTS } from '@agentdock/contracts';
import { PKCE_VERIFIER_KEY, codeChallengeFor } from './pkce';
import { createSessionClient, REMEMBERED_EXCHANGES, type SessionClientOptions } from './session-client';
import { SESSION_HINT_KEY } from './session-hint';
import { errorResponse, fakeIdentity, fakeTabs, jsonResponse, memoryStorage, sessionFixture, userFixture, type FakeIdentity } from './testing/fake-identity';
import type { AuthChangeEvent } from './types';

const crypto = webcrypto as unknown as Crypto;
const REFRESH = 'POST /api/identity/token/refresh';
const signedInHint = () => memoryStorage({ [SESSION_HINT_KEY]: '1' });

function setup(options: SessionClientOptions & { identity?: FakeIdentity } = {}) {
  const identity = options.identity ?? fakeIdentity();
  const storage = options.storage === undefined ? memoryStorage() : options.storage;
  const client = createSessionClient({ fetch: identity.fetch, crypto, channel: null, lock: null, watchVisibility: false, ...options, storage });
  const events: AuthChangeEvent[] = [];
  client.onAuthStateChange((event) => events.push(event));
  return { client, identity, storage, events };
}

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
});
afterEach(() => {
  jest.useRealTimers();
});

describe('the first session check', () => {
  it('needs no call when this browser never signed in', async () => {
    const { client, identity, events } = setup();
    expect(client.getState()).toEqual({ status: 'signed-out', session: null, user: null, recovery: false, mfaVerified: false });
    await client.ready;
    await jest.advanceTimersByTimeAsync(0);
    expect(identity.calls).toHaveLength(0);
    expect(events).toEqual(['INITIAL_SESSION']);
  });

  it('is one refresh call with the cookie and a JSON body; loading until it answers', async () => {
    const identity = fakeIdentity();
    const session = sessionFixture();
    identity.on(REFRESH, jsonResponse(200, { ...session, kind: 'refresh' }));
    const { client, events } = setup({ identity, storage: signedInHint() });
    expect(client.getState().status).toBe('loading');

    await client.ready;
    expect(client.getState()).toMatchObject({ status: 'signed-in', user: session.user, recovery: false });
    expect(events).toEqual(['INITIAL_SESSION']);
    const [call] = identity.callsTo(REFRESH);
    expect(call!.credentials).toBe('include');
    expect(call!.headers.get('content-type')).toBe('application/json');
    expect(identity.calls).toHaveLength(1);
  });

  it('ends signed out and forgets the hint when the server refuses the cookie', async () => {
    const identity = fakeIdentity();
    identity.on(REFRESH, errorResponse(401, 'invalid_refresh_token', 'Your session has ended. Please sign in again.'));
    const { client, storage, events } = setup({ identity, storage: signedInHint() });
    await client.ready;
    expect(client.getState().status).toBe('signed-out');
    expect(events).toEqual(['INITIAL_SESSION']);
    expect(storage!.getItem(SESSION_HINT_KEY)).toBeNull();
  });

  it('stops loading when the server is unreachable, keeps the hint and signs in on a later attempt', async () => {
    const identity = fakeIdentity();
    identity.on(REFRESH, errorResponse(503, 'upstream_unavailable', 'Identity is unavailable'));
    const { client, storage, events } = setup({ identity, storage: signedInHint() });
    await client.ready;
    expect(client.getState().status).toBe('signed-out');
    expect(storage!.getItem(SESSION_HINT_KEY)).toBe('1');

    identity.on(REFRESH, jsonResponse(200, sessionFixture()));
    await jest.advanceTimersByTimeAsync(4_999);
    expect(identity.callsTo(REFRESH)).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(identity.callsTo(REFRESH)).toHaveLength(2);
    expect(client.getState().status).toBe('signed-in');
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_IN']);
  });

  it.each([429, 408])('treats a %i on refresh as not answering, not as a refusal: the hint stays', async (status) => {
    const identity = fakeIdentity();
    identity.on(REFRESH, errorResponse(status, 'rate_limited', 'Too many attempts. Try again later.'));
    const { client, storage } = setup({ identity, storage: signedInHint() });
    await client.ready;
    expect(storage!.getItem(SESSION_HINT_KEY)).toBe('1');
  });
});

describe('a busy server (429) while signed in', () => {
  it('keeps the session on a rate-limited scheduled refresh, and refreshes once the server answers', async () => {
    const identity = fakeIdentity();
    identity.on('POST /api/identity/signin/password', jsonResponse(200, sessionFixture({ expiresIn: 900 })));
    identity.on(REFRESH, errorResponse(429, 'rate_limited', 'Too many attempts. Try again later.'));
    const { client, storage, events } = setup({ identity });
    await client.signInWithPassword({ email: 'ada@example.com', password: 'correct horse' });

    // The refresh is due a minute before expiry; it meets the rate limit.
    await jest.advanceTimersByTimeAsync(840_000);
    expect(identity.callsTo(REFRESH)).toHaveLength(1);
    expect(client.getState().status).toBe('signed-in');
    expect(storage!.getItem(SESSION_HINT_KEY)).toBe('1');
    expect(events).not.toContain('SIGNED_OUT');

    identity.on(REFRESH, jsonResponse(200, sessionFixture()));
    await jest.advanceTimersByTimeAsync(5_000);
    expect(identity.callsTo(REFRESH)).toHaveLength(2);
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'TOKEN_REFRESHED']);
  });

  it('keeps the session when a call is refused 401 and the refresh that follows is rate limited', async () => {
    const identity = fakeIdentity();
    identity.on('POST /api/identity/signin/password', jsonResponse(200, sessionFixture()));
    identity.on('GET /api/chat/wallet', errorResponse(401, 'invalid_token', 'Sign in again.'));
    identity.on(REFRESH, errorResponse(429, 'rate_limited', 'Too many attempts. Try again later.'));
    const { client, events } = setup({ identity });
    await client.signInWithPassword({ email: 'ada@example.com', password: 'correct horse' });

    await expect(client.api.call(CHAT_ENDPOINTS.wallet)).rejects.toMatchObject({ status: 401 });
    expect(identity.callsTo(REFRESH)).toHaveLength(1);
    expect(client.getState().status).toBe('signed-in');
    expect(events).not.toContain('SIGNED_OUT');
  });
});

describe('signing in', () => {
  it('with a password: SIGNED_IN, the hint set, the session told to other tabs', async () => {
    const identity = fakeIdentity();
    const session = sessionFixture();
    identity.on('POST /api/identity/signin/password', jsonResponse(200, session));
    const tabs = fakeTabs();
    const other = tabs.channel();
    const heard: unknown[] = [];
    other.listen((message) => heard.push(message));
    const { client, storage, events } = setup({ identity, channel: tabs.channel() });

    await expect(client.signInWithPassword({ email: 'ada@example.com', password: 'correct horse' })).resolves.toEqual(session);
    expect(identity.callsTo('POST /api/identity/signin/password')[0]!.body).toEqual({ email: 'ada@example.com', password: 'correct horse' });
    expect(client.getState()).toMatchObject({ status: 'signed-in', session, user: session.user });
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_IN']);
    expect(storage!.getItem(SESSION_HINT_KEY)).toBe('1');
    await jest.advanceTimersByTimeAsync(0);
    expect(heard).toEqual([{ type: 'signed-in', held: { session, expiresAtMs: Date.now() + 900_000 } }]);
  });

  it('keeps the state and rethrows the server error when the password is wrong', async () => {
    const identity = fakeIdentity();
    identity.on('POST /api/identity/signin/password', errorResponse(400, 'invalid_credentials', 'Invalid login credentials'));
    const { client, events } = setup({ identity });
    await expect(client.signInWithPassword({ email: 'ada@example.com', password: 'nope' })).rejects.toMatchObject({
      status: 400,
      message: 'Invalid login credentials',
    });
    expect(client.getState().status).toBe('signed-out');
    expect(events).toEqual(['INITIAL_SESSION']);
  });

  it('with a one-time code', async () => {
    const identity = fakeIdentity();
    identity.on('POST /api/identity/otp', jsonResponse(202, { status: 'email_sent', expiresInMinutes: 10 }));
    identity.on('POST /api/identity/otp/verify', jsonResponse(200, sessionFixture({ kind: 'otp' })));
    const { client } = setup({ identity });
    expect(await client.signInWithOtp({ email: 'ada@example.com' })).toEqual({ expiresInMinutes: 10 });
    await client.verifyOtp({ email: 'ada@example.com', code: '123456' });
    expect(identity.callsTo('POST /api/identity/otp/verify')[0]!.body).toEqual({ email: 'ada@example.com', code: '123456' });
    expect(client.getState().status).toBe('signed-in');
  });
});

describe('emailed links (PKCE)', () => {
  it('sign-up sends the challenge of the verifier it keeps; the link exchanges it once', async () => {
    const identity = fakeIdentity();
    identity.on('POST /api/identity/signup', jsonResponse(201, { status: 'confirmation_sent' }));
    identity.on('POST /api/identity/token/exchange', jsonResponse(200, sessionFixture({ kind: 'link' })));
    const { client, storage, events } = setup({ identity });

    await client.signUp({ email: 'ada@example.com', password: 'correct horse', fullName: 'Ada', redirectTo: '/pricing' });
    const verifier = storage!.getItem(PKCE_VERIFIER_KEY)!;
    expect(identity.callsTo('POST /api/identity/signup')[0]!.body).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
      fullName: 'Ada',
      codeChallenge: await codeChallengeFor(verifier, crypto),
      redirectTo: '/pricing',
    });
    expect(client.getState().status).toBe('signed-out');

    // React's strict mode runs effects twice: both ask, one call is made.
    const [first, second] = await Promise.all([client.exchangeCodeForSession('abc'), client.exchangeCodeForSession('abc')]);
    expect(first).toBe(second);
    expect(identity.callsTo('POST /api/identity/token/exchange').map((call) => call.body)).toEqual([{ code: 'abc', codeVerifier: verifier }]);
    expect(storage!.getItem(PKCE_VERIFIER_KEY)).toBeNull();
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_IN']);
  });

  it(`remembers the exchanges of the last ${REMEMBERED_EXCHANGES} codes only, so a long-lived page does not grow`, async () => {
    const identity = fakeIdentity();
    identity.on('POST /api/identity/token/exchange', errorResponse(400, 'invalid_code', 'This link has expired.'));
    const { client, storage } = setup({ identity });
    const exchange = async (code: string) => {
      storage!.setItem(PKCE_VERIFIER_KEY, 'verifier');
      await client.exchangeCodeForSession(code).catch(() => undefined);
    };
    const exchangeCalls = () => identity.callsTo('POST /api/identity/token/exchange').length;

    for (let index = 0; index <= REMEMBERED_EXCHANGES; index += 1) await exchange(`code-${index}`);
    expect(exchangeCalls()).toBe(REMEMBERED_EXCHANGES + 1);
    // The newest is still shared; the oldest was forgotten, so asking again calls again.
    await exchange(`code-${REMEMBERED_EXCHANGES}`);
    expect(exchangeCalls()).toBe(REMEMBERED_EXCHANGES + 1);
    await exchange('code-0');
    expect(exchangeCalls()).toBe(REMEMBERED_EXCHANGES + 2);
  });

  it('a resent confirmation link is bound to this browser: the challenge of the verifier it keeps', async () => {
    const identity = fakeIdentity();
    identity.on('POST /api/identity/signup/resend', jsonResponse(202, { status: 'email_sent' }));
    const { client, storage } = setup({ identity });
    await client.resendConfirmation({ email: 'ada@example.com', redirectTo: '/chat' });
    const verifier = storage!.getItem(PKCE_VERIFIER_KEY)!;
    expect(identity.callsTo('POST /api/identity/signup/resend')[0]!.body).toEqual({
      email: 'ada@example.com',
      codeChallenge: await codeChallengeFor(verifier, crypto),
      redirectTo: '/chat',
    });
  });

  it('a link opened without its verifier fails before any call', async () => {
    const { client, identity } = setup();
    await expect(client.exchangeCodeForSession('abc')).rejects.toMatchObject({ code: 'pkce_verifier_missing' });
    expect(identity.calls).toHaveLength(0);
  });

  it('a recovery link: PASSWORD_RECOVERY, then a new password ends recovery with USER_UPDATED', async () => {
    const identity = fakeIdentity();
    const recovery = sessionFixture({ kind: 'recovery' });
    identity.on('POST /api/identity/recover', jsonResponse(202, { status: 'email_sent' }));
    identity.on('POST /api/identity/token/exchange', jsonResponse(200, recovery));
    const updated = userFixture({ fullName: 'Ada L.' });
    identity.on('POST /api/identity/me/password', jsonResponse(200, updated));
    const { client, events } = setup({ identity });

    await client.resetPasswordForEmail({ email: 'ada@example.com' });
    expect(identity.callsTo('POST /api/identity/recover')[0]!.body).toMatchObject({ email: 'ada@example.com', codeChallenge: expect.any(String) });
    await client.exchangeCodeForSession('recover-1');
    expect(client.getState()).toMatchObject({ status: 'signed-in', recovery: true });

    await client.updatePassword('a new passphrase');
    const change = identity.callsTo('POST /api/identity/me/password')[0]!;
    expect(change.body).toEqual({ password: 'a new passphrase' });
    expect(change.headers.get('authorization')).toBe(`Bearer ${recovery.accessToken}`);
    expect(client.getState()).toMatchObject({ status: 'signed-in', recovery: false, user: updated });
    expect(events).toEqual(['INITIAL_SESSION', 'PASSWORD_RECOVERY', 'USER_UPDATED']);
  });

  it('a magic link sends a challenge and the page to land on', async () => {
    const identity = fakeIdentity();
    identity.on('POST /api/identity/magic-link', jsonResponse(202, { status: 'email_sent' }));
    const { client, storage } = setup({ identity });
    await client.signInWithMagicLink({ email: 'ada@example.com', redirectTo: '/chat' });
    expect(identity.callsTo('POST /api/identity/magic-link')[0]!.body).toEqual({
      email: 'ada@example.com',
      codeChallenge: await codeChallengeFor(storage!.getItem(PKCE_VERIFIER_KEY)!, crypto),
      redirectTo: '/chat',
    });
  });
});

describe('automatic refresh', () => {
  it('refreshes a minute before a 15-minute token expires, and again after that', async () => {
    const identity = fakeIdentity();
    identity.on('POST /api/identity/signin/password', jsonResponse(200, sessionFixture({ expiresIn: 900 })));
    identity.on(REFRESH, () => jsonResponse(200, sessionFixture({ expiresIn: 900, kind: 'refresh' })));
    const { client, events } = setup({ identity });
    await client.signInWithPassword({ email: 'ada@example.com', password: 'correct horse' });

    await jest.advanceTimersByTimeAsync(839_999);
    expect(identity.callsTo(REFRESH)).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(identity.callsTo(REFRESH)).toHaveLength(1);
    expect(client.getState().session?.kind).toBe('refresh');
    await jest.advanceTimersByTimeAsync(840_000);
    expect(identity.callsTo(REFRESH)).toHaveLength(2);
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'TOKEN_REFRESHED', 'TOKEN_REFRESHED']);
  });

  it('refreshes short-lived tokens at half their lifetime', async () => {
    const identity = fakeIdentity();
    identity.on('POST /api/identity/signin/password', jsonResponse(200, sessionFixture({ expiresIn: 60 })));
    identity.on(REFRESH, () => jsonResponse(200, sessionFixture({ expiresIn: 60 })));
    const { client } = setup({ identity });
    await client.signInWithPassword({ email: 'ada@example.com', password: 'correct horse' });
    await jest.advanceTimersByTimeAsync(29_999);
    expect(identity.callsTo(REFRESH)).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(identity.callsTo(REFRESH)).toHaveLength(1);
  });

  it('signs out when a scheduled refresh is refused (session revoked, user suspended)', async () => {
    const identity = fakeIdentity();
    identity.on('POST /api/identity/signin/password', jsonResponse(200, sessionFixture({ expiresIn: 120 })));
    identity.on(REFRESH, errorResponse(403, 'account_suspended', 'This account has been suspended.'));
    const { client, storage, events } = setup({ identity });
    await client.signInWithPassword({ email: 'ada@example.com', password: 'correct horse' });
    await jest.advanceTimersByTimeAsync(60_000);
    expect(client.getState().status).toBe('signed-out');
    expect(storage!.getItem(SESSION_HINT_KEY)).toBeNull();
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'SIGNED_OUT']);
  });

  it('makes one call for refreshes asked for at the same time', async () => {
    const identity = fakeIdentity();
    identity.on(REFRESH, () => jsonResponse(200, sessionFixture()));
    const { client } = setup({ identity, storage: signedInHint() });
    await client.ready;
    await Promise.all([client.refresh(), client.refresh(), client.refresh()]);
    expect(identity.callsTo(REFRESH)).toHaveLength(2);
  });

  it('getAccessToken refreshes a token about to expire before handing it out', async () => {
    const identity = fakeIdentity();
    const first = sessionFixture({ expiresIn: 900 });
    identity.on('POST /api/identity/signin/password', jsonResponse(200, first));
    const fresh = sessionFixture();
    identity.on(REFRESH, jsonResponse(200, fresh));
    const { client } = setup({ identity });
    await client.signInWithPassword({ email: 'ada@example.com', password: 'correct horse' });
    await expect(client.getAccessToken()).resolves.toBe(first.accessToken);

    // The scheduled refresh did not run (a suspended laptop, say) and the token is nearly expired.
    jest.setSystemTime(Date.now() + 895_000);
    await expect(client.getAccessToken()).resolves.toBe(fresh.accessToken);
  });
});

describe('authorised calls (client.api)', () => {
  it('send the bearer token; a 401 refreshes once and retries with the new token', async () => {
    const identity = fakeIdentity();
    const first = sessionFixture();
    const second = sessionFixture();
    identity.on('POST /api/identity/signin/password', jsonResponse(200, first));
    identity.on(REFRESH, jsonResponse(200, second));
    identity.on('GET /api/identity/me', (call) =>
      call.headers.get('authorization') === `Bearer ${second.accessToken}` ? jsonResponse(200, second.user) : errorResponse(401, 'invalid_token', 'The access token has expired'),
    );
    const { client, events } = setup({ identity });
    await client.signInWithPassword({ email: 'ada@example.com', password: 'correct horse' });

    await expect(client.api.call(IDENTITY_ENDPOINTS.me)).resolves.toEqual(second.user);
    expect(identity.callsTo('GET /api/identity/me').map((call) => call.headers.get('authorization'))).toEqual([`Bearer ${first.accessToken}`, `Bearer ${second.accessToken}`]);
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'TOKEN_REFRESHED']);
  });

  it('answer the 401 and end the session when the refresh is refused', async () => {
    const identity = fakeIdentity();
    identity.on('POST /api/identity/signin/password', jsonResponse(200, sessionFixture()));
    identity.on(REFRESH, errorResponse(401, 'invalid_refresh_token', 'Your session has ended.'));
    identity.on('GET /api/identity/me', errorResponse(401, 'invalid_token', 'The access token was revoked'));
    const { client } = setup({ identity });
    await client.signInWithPassword({ email: 'ada@example.com', password: 'correct horse' });

    await expect(client.api.call(IDENTITY_ENDPOINTS.me)).rejects.toMatchObject({ status: 401 });
    expect(identity.callsTo('GET /api/identity/me')).toHaveLength(1);
    expect(client.getState().status).toBe('signed-out');
  });

  it('end the session when a service says the account is suspended', async () => {
    const identity = fakeIdentity();
    identity.on('POST /api/identity/signin/password', jsonResponse(200, sessionFixture()));
    identity.on('GET /api/catalog/courses/x/enrolment', errorResponse(403, 'account_suspended', 'Your account has been suspended. Please contact support.'));
    const { client, storage, events } = setup({ identity });
    await client.signInWithPassword({ email: 'ada@example.com', password: 'correct horse' });

    await expect(client.api.call(CATALOG_ENDPOINTS.enrolment, { params: { id: 'x' } })).rejects.toMatchObject({ status: 403, code: 'account_suspended' });
    expect(client.getState().status).toBe('signed-out');
    expect(storage!.getItem(SESSION_HINT_KEY)).toBeNull();
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'SIGNED_OUT']);
  });

  it('keep the session on other refusals', async () => {
    const identity = fakeIdentity();
    identity.on('POST /api/identity/signin/password', jsonResponse(200, sessionFixture()));
    identity.on('GET /api/identity/admin/users', errorResponse(403, 'forbidden', 'Access denied. Admin privileges required.'));
    const { client } = setup({ identity });
    await client.signInWithPassword({ email: 'ada@example.com', password: 'correct horse' });
    await expect(client.api.call(IDENTITY_ADMIN_ENDPOINTS.users, { query: {} })).rejects.toMatchObject({ status: 403 });
    expect(client.getState().status).toBe('signed-in');
  });

  it('go out without a token when nobody is signed in', async () => {
    const identity = fakeIdentity();
    identity.on('GET /api/catalog/plans', jsonResponse(200, { plans: [] }));
    const { client } = setup({ identity });
    await client.api.call(CATALOG_ENDPOINTS.plans);
    expect(identity.calls[0]!.headers.get('authorization')).toBeNull();
  });
});

describe('signing out', () => {
  it('revokes the cookie, forgets the session and the hint', async () => {
    const identity = fakeIdentity();
    identity.on('POST /api/identity/signin/password', jsonResponse(200, sessionFixture()));
    identity.on('POST /api/identity/token/revoke', jsonResponse(204));
    const { client, storage, events } = setup({ identity });
    await client.signInWithPassword({ email: 'ada@example.com', password: 'correct horse' });
    await client.signOut();
    const [revoke] = identity.callsTo('POST /api/identity/token/revoke');
    expect(revoke!.credentials).toBe('include');
    expect(client.getState().status).toBe('signed-out');
    expect(storage!.getItem(SESSION_HINT_KEY)).toBeNull();
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'SIGNED_OUT']);
    // No refresh stays scheduled for the old session.
    await jest.advanceTimersByTimeAsync(3_600_000);
    expect(identity.callsTo(REFRESH)).toHaveLength(0);
  });

  it('cuts the calls still on their way and holds back new ones until the session is gone, so none reaches a service after the revocation', async () => {
    const identity = fakeIdentity();
    identity.on('POST /api/identity/signin/password', jsonResponse(200, sessionFixture()));
    let answerWallet: (response: Response) => void = () => undefined;
    identity.on('GET /api/chat/wallet', () => new Promise<Response>((resolve) => (answerWallet = resolve)));
    let finishRevoke: (response: Response) => void = () => undefined;
    identity.on('POST /api/identity/token/revoke', () => new Promise<Response>((resolve) => (finishRevoke = resolve)));
    identity.on('GET /api/catalog/plans', jsonResponse(200, { plans: [] }));
    const { client } = setup({ identity });
    await client.signInWithPassword({ email: 'ada@example.com', password: 'correct horse' });

    const onItsWay = client.api.call(CHAT_ENDPOINTS.wallet);
    await jest.advanceTimersByTimeAsync(0);
    expect(identity.callsTo('GET /api/chat/wallet')).toHaveLength(1);
    const signingOut = client.signOut();
    await expect(onItsWay).rejects.toMatchObject({ name: 'AbortError' });
    await jest.advanceTimersByTimeAsync(0);
    await expect(client.api.call(CHAT_ENDPOINTS.usage)).rejects.toMatchObject({ name: 'AbortError' });
    expect(identity.callsTo('GET /api/chat/usage')).toHaveLength(0);

    answerWallet(errorResponse(401, 'invalid_token', 'Your session has ended.'));
    finishRevoke(jsonResponse(204));
    await signingOut;
    expect(identity.callsTo(REFRESH)).toHaveLength(0);
    // Signed out, the page's public calls go out again.
    expect(await client.api.call(CATALOG_ENDPOINTS.plans)).toEqual({ plans: [] });
  });

  it('still signs out here when the server cannot be reached', async () => {
    const identity = fakeIdentity();
    identity.on('POST /api/identity/signin/password', jsonResponse(200, sessionFixture()));
    identity.on('POST /api/identity/token/revoke', () => Promise.reject(new TypeError('Failed to fetch')));
    const { client } = setup({ identity });
    await client.signInWithPassword({ email: 'ada@example.com', password: 'correct horse' });
    await client.signOut();
    expect(client.getState().status).toBe('signed-out');
  });
});

describe('several tabs', () => {
  function twoTabs(identity: FakeIdentity, storage = signedInHint()) {
    const tabs = fakeTabs();
    const a = setup({ identity, storage, channel: tabs.channel(), lock: tabs.lock });
    const b = setup({ identity, storage, channel: tabs.channel(), lock: tabs.lock });
    return { a, b };
  }

  it('never refresh at the same time, and a tab uses the session another one just got', async () => {
    const identity = fakeIdentity();
    let inFlight = 0;
    let overlapped = false;
    identity.on(REFRESH, async () => {
      inFlight += 1;
      overlapped ||= inFlight > 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
      inFlight -= 1;
      return jsonResponse(200, sessionFixture());
    });
    const { a, b } = twoTabs(identity);
    await jest.advanceTimersByTimeAsync(200);
    await Promise.all([a.client.ready, b.client.ready]);

    expect(overlapped).toBe(false);
    expect(identity.callsTo(REFRESH)).toHaveLength(1);
    expect(b.client.getState().session).toEqual(a.client.getState().session);
    expect(a.events).toEqual(['INITIAL_SESSION']);
    expect(b.events).toEqual(['INITIAL_SESSION']);
  });

  it('sign in, profile changes and sign out reach the other tabs', async () => {
    const identity = fakeIdentity();
    const session = sessionFixture();
    identity.on('POST /api/identity/signin/password', jsonResponse(200, session));
    identity.on('PATCH /api/identity/me', jsonResponse(200, { ...session.user, fullName: 'Countess' }));
    identity.on('POST /api/identity/token/revoke', jsonResponse(204));
    const { a, b } = twoTabs(identity, memoryStorage());

    await a.client.signInWithPassword({ email: 'ada@example.com', password: 'correct horse' });
    await jest.advanceTimersByTimeAsync(0);
    expect(b.client.getState()).toMatchObject({ status: 'signed-in', session });

    await a.client.updateProfile({ fullName: 'Countess' });
    await jest.advanceTimersByTimeAsync(0);
    expect(b.client.getState().user?.fullName).toBe('Countess');

    const signingOut = a.client.signOut();
    await jest.advanceTimersByTimeAsync(0);
    await signingOut;
    await jest.advanceTimersByTimeAsync(1);
    expect(b.client.getState().status).toBe('signed-out');
    expect(b.events).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'USER_UPDATED', 'SIGNED_OUT']);
  });
});

describe('the second factor', () => {
  const SIGN_IN = 'POST /api/identity/signin/password';
  const VERIFY = 'POST /api/identity/mfa/verify';
  const challenge = (token = 'challenge-1') => jsonResponse(200, { mfaRequired: true, challengeToken: token, expiresAt: Math.floor(Date.now() / 1000) + 300 });

  it('holds no session after a right password of an enrolled account, only the second step', async () => {
    const identity = fakeIdentity();
    identity.on(SIGN_IN, challenge());
    const { client, events, storage } = setup({ identity });
    await expect(client.signInWithPassword({ email: 'ada@example.com', password: 'correct horse' })).resolves.toMatchObject({ mfaRequired: true });
    expect(client.getState()).toEqual({ status: 'mfa-required', session: null, user: null, recovery: false, mfaVerified: false });
    expect(events).toEqual(['INITIAL_SESSION', 'MFA_REQUIRED']);
    // Nothing says "signed in" until the second step: a reload starts over.
    expect(storage?.getItem(SESSION_HINT_KEY)).toBeNull();
    await expect(client.getAccessToken()).resolves.toBeNull();
  });

  it('sends the challenge with the code and is multi-factor verified after it', async () => {
    const identity = fakeIdentity();
    identity.on(SIGN_IN, challenge('challenge-7'));
    const verified = sessionFixture({ mfaVerified: true });
    identity.on(VERIFY, jsonResponse(200, verified));
    const { client, events } = setup({ identity });
    await client.signInWithPassword({ email: 'ada@example.com', password: 'correct horse' });
    await client.verifyMfa('123456');
    expect(identity.callsTo(VERIFY)[0]).toMatchObject({ body: { challengeToken: 'challenge-7', code: '123456' }, credentials: 'include' });
    expect(client.getState()).toMatchObject({ status: 'signed-in', mfaVerified: true, user: verified.user });
    expect(events.at(-1)).toBe('MFA_CHALLENGE_VERIFIED');
    await expect(client.getAccessToken()).resolves.toBe(verified.accessToken);
  });

  it('keeps the step open after a wrong code or a challenge that is over, so the page can say why', async () => {
    const identity = fakeIdentity();
    identity.on(SIGN_IN, challenge());
    identity.on(VERIFY, errorResponse(400, 'invalid_mfa_code', 'That code is not valid.'));
    const { client } = setup({ identity });
    await client.signInWithPassword({ email: 'ada@example.com', password: 'correct horse' });
    await expect(client.verifyMfa('000000')).rejects.toMatchObject({ status: 400, code: 'invalid_mfa_code' });
    expect(client.getState().status).toBe('mfa-required');

    // A 401 here is about the challenge, not the session: no refresh is attempted.
    identity.on(VERIFY, errorResponse(401, 'invalid_mfa_challenge', 'Please sign in again.'));
    await expect(client.verifyMfa('111111')).rejects.toMatchObject({ code: 'invalid_mfa_challenge' });
    expect(identity.callsTo(REFRESH)).toHaveLength(0);
    expect(client.getState().status).toBe('mfa-required');
  });

  it('refuses a second step without a first one', async () => {
    const { client } = setup();
    await expect(client.verifyMfa('111111')).rejects.toMatchObject({ code: 'mfa_not_pending' });
  });

  it('asks for the second step after an emailed link too, and a recovery link stays a recovery session', async () => {
    const identity = fakeIdentity();
    identity.on('POST /api/identity/token/exchange', challenge());
    identity.on(VERIFY, jsonResponse(200, sessionFixture({ kind: 'recovery', mfaVerified: true })));
    const storage = memoryStorage({ [PKCE_VERIFIER_KEY]: 'v'.repeat(43) });
    const { client, events } = setup({ identity, storage });
    await client.exchangeCodeForSession('link-code');
    expect(client.getState().status).toBe('mfa-required');
    await client.verifyMfa('ABCDE-FGHJK');
    expect(client.getState()).toMatchObject({ status: 'signed-in', recovery: true, mfaVerified: true });
    expect(events.at(-1)).toBe('PASSWORD_RECOVERY');
  });

  it('cancelMfa goes back to signed out', async () => {
    const identity = fakeIdentity();
    identity.on(SIGN_IN, challenge());
    const { client, events } = setup({ identity });
    await client.signInWithPassword({ email: 'ada@example.com', password: 'correct horse' });
    client.cancelMfa();
    expect(client.getState().status).toBe('signed-out');
    expect(events.at(-1)).toBe('SIGNED_OUT');
  });

  it('says whether a refreshed session passed a second factor', async () => {
    const identity = fakeIdentity();
    identity.on(REFRESH, jsonResponse(200, sessionFixture({ kind: 'refresh', mfaVerified: true })));
    const { client } = setup({ identity, storage: signedInHint() });
    await client.ready;
    expect(client.getState()).toMatchObject({ status: 'signed-in', mfaVerified: true });
  });
});
