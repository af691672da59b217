import { type EventEnvelope, mfaEnrolment, mfaRecoveryCodes, mfaStatus, sessionRevokedV1, session as sessionBody, userProfile } from '@agentdock/contracts';
import { eventually } from '@agentdock/service-kit/testing';
import { eq } from '@agentdock/service-data/orm';
import request from 'supertest';
import { sessions } from '../src/db/schema';
import { totpAt } from '../src/domain/totp';
import { bearer, codeFrom, type IdentityHarness, latestEmail, mailbox, PASSWORD, pkce, refreshCookieHeader, signUpConfirmed, startIdentity, uniqueEmail } from './helpers';

const api = '/api/identity';

// The attack suite (`npm run jest -- attack`): taking an account over without its owner's credentials.
describe(`account attacks: sign-up takeover, re-authentication, ended sessions (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let identity: IdentityHarness;
  const published: EventEnvelope[] = [];
  beforeAll(async () => {
    identity = await startIdentity();
    await identity.bus.bus.subscribe({ durable: 'test-session-revoked', subject: sessionRevokedV1.subject, handler: async (envelope) => void published.push(envelope) });
  });
  afterAll(() => identity.close());

  const post = (path: string, body: object) => request(identity.url).post(`${api}${path}`).send(body);
  const signIn = async (email: string, password = PASSWORD) => sessionBody.parse((await post('/signin/password', { email, password }).expect(200)).body);
  const changePassword = (token: string, body: object) => request(identity.url).post(`${api}/me/password`).set(bearer(token)).send(body);
  const sidOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
  /** Starts an enrolment with the token and returns a confirmation call with the app's current code. */
  const enrolWith = async (token: string) => {
    const { secret } = mfaEnrolment.parse((await request(identity.url).post(`${api}/me/mfa/enrolment`).set(bearer(token)).send({}).expect(201)).body);
    return (extra: object = {}) =>
      request(identity.url)
        .post(`${api}/me/mfa/enrolment/confirm`)
        .set(bearer(token))
        .send({ code: totpAt(secret, Date.now()), ...extra });
  };
  const mfaEnabled = async (token: string) => mfaStatus.parse((await request(identity.url).get(`${api}/me/mfa`).set(bearer(token)).expect(200)).body).enabled;

  it('never lets a second sign-up of an unconfirmed address take it over: the owner gets a fresh link, the account stays theirs', async () => {
    const email = uniqueEmail('taken-over');
    const owner = pkce();
    await post('/signup', { email, password: 'owner password', fullName: 'Ada Owner', codeChallenge: owner.challenge }).expect(201);
    const first = await latestEmail(identity.url, email, /Confirm/);
    const attacker = await post('/signup', { email, password: 'attacker password', fullName: 'Mallory', codeChallenge: pkce().challenge });
    const stranger = await post('/signup', { email: uniqueEmail('stranger'), password: PASSWORD, codeChallenge: pkce().challenge });
    expect([attacker.status, attacker.body]).toEqual([stranger.status, stranger.body]);
    const emails = await eventually(async () => {
      const response = await mailbox(identity.url).query({ to: email });
      return response.body.messages.length === 2 && response.body.messages;
    });
    expect(emails[0].subject).toMatch(/Confirm your Agentdock account/);

    const confirmed = sessionBody.parse((await post('/token/exchange', { code: codeFrom(first.links[0]!), codeVerifier: owner.verifier }).expect(200)).body);
    expect(confirmed.user).toMatchObject({ email, fullName: 'Ada Owner' });
    expect(confirmed.user.emailConfirmedAt).not.toBeNull();
    await post('/signin/password', { email, password: 'attacker password' }).expect(400);
    await post('/signin/password', { email, password: 'owner password' }).expect(200);
  });

  it('asks a password session for the current password before changing it', async () => {
    const { email } = await signUpConfirmed(identity.url);
    const signedIn = await signIn(email);
    const without = await changePassword(signedIn.accessToken, { password: 'a stolen token picked this' }).expect(403);
    expect(without.body.error).toMatchObject({ code: 'reauthentication_required', message: expect.stringMatching(/current password/) });
    const wrong = await changePassword(signedIn.accessToken, { password: 'a stolen token picked this', currentPassword: 'a guess' }).expect(400);
    expect(wrong.body.error.code).toBe('invalid_current_password');
    await post('/signin/password', { email, password: 'a stolen token picked this' }).expect(400);

    await changePassword(signedIn.accessToken, { password: 'the owner chose this', currentPassword: PASSWORD }).expect(200);
    await signIn(email, 'the owner chose this');
  });

  it('lets a session that proved the address by email a few minutes ago change it without, and not later', async () => {
    const { email, session } = await signUpConfirmed(identity.url);
    expect(session.kind).toBe('link');
    await changePassword(session.accessToken, { password: 'fresh from the link' }).expect(200);

    const { verifier, challenge } = pkce();
    await post('/recover', { email, codeChallenge: challenge }).expect(202);
    const link = (await latestEmail(identity.url, email, /Reset your Agentdock password/)).links[0]!;
    const recovery = sessionBody.parse((await post('/token/exchange', { code: codeFrom(link), codeVerifier: verifier }).expect(200)).body);
    const sid = JSON.parse(Buffer.from(recovery.accessToken.split('.')[1]!, 'base64url').toString()).sid as string;
    await identity.service.context.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(sessions.id, sid));
    const stale = await changePassword(recovery.accessToken, { password: 'too late for the link' }).expect(403);
    expect(stale.body.error.code).toBe('reauthentication_required');
    await changePassword(recovery.accessToken, { password: 'too late for the link', currentPassword: 'fresh from the link' }).expect(200);
  });

  it('asks a password session for the current password before turning a second factor on', async () => {
    const { email } = await signUpConfirmed(identity.url);
    const signedIn = await signIn(email);
    const confirm = await enrolWith(signedIn.accessToken);
    // A stolen access token cannot put the thief's authenticator on the account.
    const without = await confirm().expect(403);
    expect(without.body.error).toMatchObject({ code: 'reauthentication_required', message: expect.stringMatching(/current password/) });
    const wrong = await confirm({ currentPassword: 'a guess' }).expect(400);
    expect(wrong.body.error.code).toBe('invalid_current_password');
    expect(await mfaEnabled(signedIn.accessToken)).toBe(false);

    // The refusals spent no code: the same one turns it on with the password.
    const confirmed = await confirm({ currentPassword: PASSWORD }).expect(200);
    expect(mfaRecoveryCodes.parse(confirmed.body).recoveryCodes).toHaveLength(10);
    expect(await mfaEnabled(signedIn.accessToken)).toBe(true);
  });

  it('lets a session signed in by an emailed code a few minutes ago turn a second factor on without the password, and not later', async () => {
    const signInByCode = async (email: string) => {
      await post('/otp', { email }).expect(202);
      const message = await latestEmail(identity.url, email, /code/i);
      const code = /\b(\d{6})\b/.exec(message.text)?.[1];
      return sessionBody.parse((await post('/otp/verify', { email, code }).expect(200)).body);
    };
    const fresh = await signInByCode((await signUpConfirmed(identity.url)).email);
    expect(fresh.kind).toBe('otp');
    await (await enrolWith(fresh.accessToken))().expect(200);
    expect(await mfaEnabled(fresh.accessToken)).toBe(true);

    const later = await signInByCode((await signUpConfirmed(identity.url)).email);
    await identity.service.context.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(sessions.id, sidOf(later.accessToken)));
    const stale = await (await enrolWith(later.accessToken))().expect(403);
    expect(stale.body.error.code).toBe('reauthentication_required');
  });

  it('refuses at once the access token of a session a password change ended, and tells every service', async () => {
    const { email } = await signUpConfirmed(identity.url);
    const stolen = await signIn(email);
    const owner = await signIn(email);
    await changePassword(owner.accessToken, { password: 'the owner’s new password', currentPassword: PASSWORD }).expect(200);

    const refused = await changePassword(stolen.accessToken, { password: 'the thief’s password', currentPassword: 'the owner’s new password' }).expect(401);
    expect(refused.body.error.code).toBe('session_revoked');
    await request(identity.url).get(`${api}/me`).set(bearer(stolen.accessToken)).expect(401);
    // The session that changed it stays.
    expect(userProfile.parse((await request(identity.url).get(`${api}/me`).set(bearer(owner.accessToken)).expect(200)).body).email).toBe(email);

    const stolenSid = JSON.parse(Buffer.from(stolen.accessToken.split('.')[1]!, 'base64url').toString()).sid as string;
    const event = await eventually(async () => published.find((envelope) => (envelope.data as { sessionId: string }).sessionId === stolenSid));
    const until = new Date((event.data as { until: string }).until).getTime();
    // Refused for as long as its tokens live (ACCESS_TOKEN_TTL_SECONDS, 600 s by default), not forever.
    expect(until - Date.now()).toBeGreaterThan(590_000);
    expect(until - Date.now()).toBeLessThan(700_000);
  });

  it('refuses the access token of a signed-out session on every account endpoint', async () => {
    const { email } = await signUpConfirmed(identity.url);
    const signIn = await post('/signin/password', { email, password: PASSWORD }).expect(200);
    const token = sessionBody.parse(signIn.body).accessToken;
    const cookie = (signIn.headers['set-cookie'] as unknown as string[])
      .find((entry) => entry.startsWith('agentdock_refresh='))!
      .split(';')[0]!
      .split('=')[1]!;
    await request(identity.url).post(`${api}/token/revoke`).set('Cookie', refreshCookieHeader(cookie)).set('x-requested-with', 'test').expect(204);
    for (const call of [
      request(identity.url).get(`${api}/me`),
      request(identity.url).patch(`${api}/me`).send({ fullName: 'Mallory' }),
      request(identity.url).post(`${api}/me/phone/code`).send({}),
      request(identity.url).post(`${api}/me/phone/verify`).send({ code: '123456' }),
      request(identity.url).post(`${api}/me/password`).send({ password: 'whatever it is', currentPassword: PASSWORD }),
      request(identity.url).get(`${api}/me/mfa`),
      request(identity.url).post(`${api}/me/mfa/enrolment`),
      request(identity.url).post(`${api}/me/mfa/enrolment/confirm`).send({ code: '123456', currentPassword: PASSWORD }),
    ]) {
      const response = await call.set(bearer(token));
      expect([response.status, response.body.error?.code]).toEqual([401, 'session_revoked']);
    }
  });
});
