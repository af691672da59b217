import { session, userProfile } from '@agentdock/contracts';
import { getTableName } from '@agentdock/service-data/orm';
import { gatewayHeaders } from '@agentdock/service-data/testing';
import request from 'supertest';
import {
  bearer,
  codeFrom,
  type IdentityHarness,
  latestEmail,
  mailbox,
  MAILBOX_TOKEN,
  PASSWORD,
  pkce,
  PUBLIC_URL,
  signUpConfirmed,
  startIdentity,
  testOptions,
  uniqueEmail,
  uniquePhone,
} from './helpers';

const api = '/api/identity';

describe(`svc-identity sign-in flows over HTTP (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let identity: IdentityHarness;
  beforeAll(async () => {
    identity = await startIdentity();
  });
  afterAll(() => identity.close());

  const post = (path: string, body: object) => request(identity.url).post(`${api}${path}`).send(body);

  it('keeps the local mailbox shut without its secret, so nobody can read an admin sign-in code', async () => {
    const { email } = await signUpConfirmed(identity.url);
    await post('/otp', { email }).expect(202);
    await latestEmail(identity.url, email, /sign-in code/);
    const messages = `${api}/dev/mailbox/messages`;
    for (const anonymous of [
      request(identity.url).get(messages).query({ to: email }),
      request(identity.url).get(messages).query({ to: email, token: 'wrong-token-0123456789' }),
      request(identity.url).get(`${api}/dev/mailbox`),
    ]) {
      const response = await anonymous;
      expect(response.status).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain(email);
    }
    const byQuery = await request(identity.url).get(messages).query({ to: email, token: MAILBOX_TOKEN }).expect(200);
    expect(byQuery.body.messages.length).toBeGreaterThan(0);
    await mailbox(identity.url).query({ to: email }).expect(200);
  });

  it('refuses a correct password until the email is confirmed, and says why', async () => {
    const email = uniqueEmail('unconfirmed');
    await post('/signup', { email, password: PASSWORD, codeChallenge: pkce().challenge }).expect(201);
    const refused = await post('/signin/password', { email, password: PASSWORD }).expect(403);
    expect(refused.body.error.code).toBe('email_not_confirmed');
    expect(refused.body.error.message).toMatch(/confirm/i);
    // A wrong password stays the generic answer, so this reveals nothing to someone without it.
    expect((await post('/signin/password', { email, password: 'wrong password' }).expect(400)).body.error.code).toBe('invalid_credentials');
  });

  it('signs in by email or by a proved phone number with the password, and answers every wrong combination alike', async () => {
    const { email, session: confirmed } = await signUpConfirmed(identity.url);
    const phone = uniquePhone();
    await request(identity.url).patch(`${api}/me`).set(bearer(confirmed.accessToken)).send({ phone }).expect(200);
    const code = /\b(\d{6})\b/.exec((await latestEmail(identity.url, phone, /verification code/)).text)?.[1];
    await request(identity.url).post(`${api}/me/phone/verify`).set(bearer(confirmed.accessToken)).send({ code }).expect(200);

    const byEmail = session.parse((await post('/signin/password', { email: email.toUpperCase(), password: PASSWORD }).expect(200)).body);
    expect(byEmail).toMatchObject({ kind: 'password', user: { email, phone } });
    const byPhone = session.parse((await post('/signin/password', { phone, password: PASSWORD }).expect(200)).body);
    expect(byPhone.user.id).toBe(byEmail.user.id);

    const answers = await Promise.all([
      post('/signin/password', { email, password: 'not my password' }),
      post('/signin/password', { email: uniqueEmail('nobody'), password: PASSWORD }),
      post('/signin/password', { phone: '+10000000000', password: PASSWORD }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
  });

  it('tells the owner of a taken address by email, with the same answer as a new sign-up', async () => {
    const { email } = await signUpConfirmed(identity.url);
    const again = await post('/signup', { email, password: 'another password', codeChallenge: pkce().challenge });
    const fresh = await post('/signup', { email: uniqueEmail('fresh'), password: PASSWORD, codeChallenge: pkce().challenge });
    expect([again.status, again.body]).toEqual([fresh.status, fresh.body]);
    const notice = await latestEmail(identity.url, email, /already have/);
    expect(notice.links).toEqual([`${PUBLIC_URL}/signin`]);
    // The account keeps its password.
    await post('/signin/password', { email, password: PASSWORD }).expect(200);
  });

  it('resets a password: recovery email → recovery session → new password; the old one stops working', async () => {
    const { email } = await signUpConfirmed(identity.url);
    const { verifier, challenge } = pkce();
    expect((await post('/recover', { email, codeChallenge: challenge }).expect(202)).body).toEqual({ status: 'email_sent' });
    const message = await latestEmail(identity.url, email, /Reset your Agentdock password/);
    const link = new URL(message.links[0]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/reset-password`);

    const recovery = session.parse((await post('/token/exchange', { code: codeFrom(link.toString()), codeVerifier: verifier }).expect(200)).body);
    expect(recovery.kind).toBe('recovery');
    const changed = await request(identity.url).post(`${api}/me/password`).set(bearer(recovery.accessToken)).send({ password: 'a brand new password' }).expect(200);
    expect(userProfile.parse(changed.body).email).toBe(email);

    await post('/signin/password', { email, password: PASSWORD }).expect(400);
    await post('/signin/password', { email, password: 'a brand new password' }).expect(200);
  });

  it('signs in with a magic link, which only works once', async () => {
    const { email } = await signUpConfirmed(identity.url);
    const { verifier, challenge } = pkce();
    await post('/magic-link', { email, codeChallenge: challenge, redirectTo: '/dashboard' }).expect(202);
    const message = await latestEmail(identity.url, email, /sign-in link/);
    const link = new URL(message.links[0]!);
    expect(link.pathname).toBe('/auth/callback');
    expect(link.searchParams.get('type')).toBe('magiclink');
    expect(link.searchParams.get('next')).toBe('/dashboard');
    const code = codeFrom(link.toString());
    expect(session.parse((await post('/token/exchange', { code, codeVerifier: verifier }).expect(200)).body)).toMatchObject({ kind: 'link', user: { email } });
    expect((await post('/token/exchange', { code, codeVerifier: verifier }).expect(400)).body.error.code).toBe('invalid_code');
  });

  it('refuses a link opened in another browser (PKCE verifier mismatch)', async () => {
    const { email } = await signUpConfirmed(identity.url);
    await post('/magic-link', { email, codeChallenge: pkce().challenge }).expect(202);
    const message = await latestEmail(identity.url, email, /sign-in link/);
    const refused = await post('/token/exchange', { code: codeFrom(message.links[0]!), codeVerifier: pkce().verifier }).expect(400);
    expect(refused.body.error).toMatchObject({ code: 'invalid_code', message: 'This link is invalid or has expired. Please request a new one.' });
  });

  it('signs in with an emailed 6-digit code, which also confirms the address', async () => {
    const email = uniqueEmail('otp');
    await post('/signup', { email, password: PASSWORD, codeChallenge: pkce().challenge }).expect(201);
    await post('/otp', { email }).expect(202);
    const message = await latestEmail(identity.url, email, /sign-in code/);
    const code = /\b(\d{6})\b/.exec(message.text)?.[1];
    expect(code).toBeDefined();

    const wrong = await post('/otp/verify', { email, code: code === '000000' ? '111111' : '000000' }).expect(400);
    expect(wrong.body.error.code).toBe('invalid_otp');
    const signedIn = session.parse((await post('/otp/verify', { email, code }).expect(200)).body);
    expect(signedIn).toMatchObject({ kind: 'otp', user: { email } });
    expect(signedIn.user.emailConfirmedAt).not.toBeNull();
    await post('/signin/password', { email, password: PASSWORD }).expect(200);
  });

  it('does the same database work for a code sent with an unknown address as for a wrong code, so timing tells nothing', async () => {
    const { email } = await signUpConfirmed(identity.url);
    await post('/otp', { email }).expect(202);
    const sent = /\b(\d{6})\b/.exec((await latestEmail(identity.url, email, /sign-in code/)).text)?.[1];
    const wrongCode = sent === '000000' ? '111111' : '000000';
    const db = identity.service.context.db;
    // The statements the answer waits for, by the table they change (the rate limiter's included).
    const workFor = async (address: string) => {
      const update = jest.spyOn(db, 'update');
      try {
        const answer = await post('/otp/verify', { email: address, code: wrongCode });
        return { status: answer.status, code: answer.body.error.code, updated: update.mock.calls.map(([table]) => getTableName(table)) };
      } finally {
        update.mockRestore();
      }
    };
    const known = await workFor(email);
    const unknown = await workFor(uniqueEmail('nobody'));
    expect(known.updated).toContain('otp_codes');
    expect(unknown).toEqual(known);
  });

  it('answers requests about unknown addresses exactly like those about accounts, and sends them nothing', async () => {
    const { email } = await signUpConfirmed(identity.url);
    const nobody = uniqueEmail('nobody');
    for (const path of ['/recover', '/magic-link']) {
      const known = await post(path, { email, codeChallenge: pkce().challenge });
      const unknown = await post(path, { email: nobody, codeChallenge: pkce().challenge });
      expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
    }
    const knownOtp = await post('/otp', { email });
    const unknownOtp = await post('/otp', { email: nobody });
    expect([unknownOtp.status, unknownOtp.body]).toEqual([knownOtp.status, knownOtp.body]);
    const unknownVerify = await post('/otp/verify', { email: nobody, code: '123456' });
    const knownVerify = await post('/otp/verify', { email, code: '123456' });
    expect([unknownVerify.status, unknownVerify.body.error.code]).toEqual([knownVerify.status, knownVerify.body.error.code]);

    await latestEmail(identity.url, email, /sign-in code/);
    const toNobody = await mailbox(identity.url).query({ to: nobody });
    expect(toNobody.body.messages).toEqual([]);
  });

  it('answers bad input with 400 and the fields at fault', async () => {
    const signUp = await post('/signup', { email: 'not-an-email', password: 'short', codeChallenge: 'x' }).expect(400);
    expect(signUp.body.error.code).toBe('validation_failed');
    expect(signUp.body.error.fields.map((field: { path: string }) => field.path).sort()).toEqual(['codeChallenge', 'email', 'password']);
    expect((await post('/signin/password', { password: PASSWORD }).expect(400)).body.error.fields[0].message).toBe('Enter your email address or phone number');
    expect((await post('/otp/verify', { email: uniqueEmail(), code: '12ab' }).expect(400)).body.error.fields[0].message).toBe('Enter the 6-digit code');
    await post('/signup', { email: uniqueEmail(), password: PASSWORD, codeChallenge: pkce().challenge, redirectTo: 'https://evil.example.com' }).expect(400);
    await request(identity.url).post(`${api}/signup`).set('content-type', 'application/json').send('{"email":').expect(400);
    await request(identity.url).get(`${api}/me`).expect(401);
  });
});

describe('svc-identity rate limits over HTTP', () => {
  let identity: IdentityHarness;
  beforeAll(async () => {
    const options = testOptions();
    options.rateLimits.signin.account = { points: 3, durationSeconds: 900 };
    options.rateLimits.recover.ip = { points: 2, durationSeconds: 3600 };
    identity = await startIdentity(options);
  });
  afterAll(() => identity.close());

  const signInFrom = (ip: string, email: string, password: string) => request(identity.url).post(`${api}/signin/password`).set(gatewayHeaders(ip)).send({ email, password });

  it('locks out the source that guesses, with Retry-After and a message saying when, not the owner from a clean address', async () => {
    const { email } = await signUpConfirmed(identity.url);
    for (let attempt = 0; attempt < 3; attempt += 1) await signInFrom('203.0.113.1', email, 'guess').expect(400);
    const limited = await signInFrom('203.0.113.1', email, 'guess').expect(429);
    expect(limited.body.error).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes\.$/) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password, from there: that source's budget is spent.
    await signInFrom('203.0.113.1', email, PASSWORD).expect(429);
    await signInFrom('198.51.100.20', email, PASSWORD).expect(200);
  });

  it('slows down sources that keep failing on a much-guessed account, tells its owner, and leaves the owner every way in', async () => {
    const { email } = await signUpConfirmed(identity.url);
    const guessers = Array.from({ length: 10 }, (_, index) => `203.0.113.${100 + index}`);
    for (const ip of guessers) await signInFrom(ip, email, 'guess').expect(400);
    // Ten failures in all: a source that failed before now waits, doubling with each failure.
    const slowed = await signInFrom(guessers[0]!, email, 'guess').expect(429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(10);
    const alert = await latestEmail(identity.url, email, /Someone is trying to sign in/);
    expect(alert.links).toEqual([`${PUBLIC_URL}/forgot-password`]);

    await signInFrom('198.51.100.30', email, PASSWORD).expect(200);
    // The emailed code works even from a source that is being slowed down.
    await request(identity.url).post(`${api}/otp`).set(gatewayHeaders(guessers[0]!)).send({ email }).expect(202);
    const code = /\b(\d{6})\b/.exec((await latestEmail(identity.url, email, /sign-in code/)).text)?.[1];
    await request(identity.url).post(`${api}/otp/verify`).set(gatewayHeaders(guessers[0]!)).send({ email, code }).expect(200);
  });

  it('believes X-Forwarded-For only from the gateway: anything else on the network counts as its own address', async () => {
    const from = (headers: Record<string, string>) => request(identity.url).post(`${api}/recover`).set(headers).send({ email: uniqueEmail(), codeChallenge: pkce().challenge });
    // Each request names another client, without the gateway's secret or with a wrong one: all count as this socket.
    expect((await from({ 'x-forwarded-for': '192.0.2.1' })).status).toBe(202);
    expect((await from({ 'x-forwarded-for': '192.0.2.2', 'x-agentdock-gateway': 'not-the-gateway-secret' })).status).toBe(202);
    expect((await from({ 'x-forwarded-for': '192.0.2.3' })).status).toBe(429);
    expect((await from(gatewayHeaders('192.0.2.4'))).status).toBe(202);
  });

  it('serves /metrics and the readiness details on its port only to the gateway’s secret', async () => {
    await request(identity.url).get('/metrics').expect(404);
    await request(identity.url).get('/metrics').set('x-agentdock-gateway', 'not-the-gateway-secret').expect(404);
    expect((await request(identity.url).get('/metrics').set(gatewayHeaders()).expect(200)).text).toContain('http_request');
    expect((await request(identity.url).get('/readyz').expect(200)).body.checks).toEqual({});
    expect((await request(identity.url).get('/readyz').set(gatewayHeaders()).expect(200)).body.checks).toMatchObject({ database: { status: 'up' } });
  });

  it('limits one client IP across addresses (behind the gateway, from X-Forwarded-For)', async () => {
    const from = (ip: string) => request(identity.url).post(`${api}/recover`).set(gatewayHeaders(ip)).send({ email: uniqueEmail(), codeChallenge: pkce().challenge });
    expect((await from('198.51.100.7')).status).toBe(202);
    expect((await from('198.51.100.7')).status).toBe(202);
    expect((await from('198.51.100.7')).status).toBe(429);
    expect((await from('198.51.100.8')).status).toBe(202);
  });
});
