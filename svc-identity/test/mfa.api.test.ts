import { adminAuditList, type EventEnvelope, mfaChallenge, mfaEnrolment, mfaRecoveryCodes, mfaStatus, session, userMfaDisabledV1, userMfaEnabledV1 } from '@agentdock/contracts';
import { requireAdmin } from '@agentdock/service-kit';
import { type ServiceDefinition } from '@agentdock/service-data';
import { eventually } from '@agentdock/service-kit/testing';
import { startTestService, type TestService } from '@agentdock/service-data/testing';
import { decodeJwt } from 'jose';
import request from 'supertest';
import { totpAt } from '../src/domain/totp';
import { bearer, type IdentityHarness, latestEmail, PASSWORD, refreshCookieFrom, refreshCookieHeader, signUpConfirmed, startIdentity, testOptions, uniqueEmail } from './helpers';

const api = '/api/identity';
const STEP_MS = 30_000;

/** Any other service's admin endpoint, behind the kit's requireAdmin. */
const otherService: ServiceDefinition<Record<string, never>> = {
  name: 'svc-other',
  defaultPort: 0,
  schema: {},
  migrationsFolder: '',
  mount(app, context) {
    app.get('/api/other/admin/ping', requireAdmin(context.verifier), (_req, res) => {
      res.json({ ok: true });
    });
  },
};

describe(`svc-identity two-factor sign-in (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  const adminEmail = uniqueEmail('admin');
  let identity: IdentityHarness;
  let other: TestService<Record<string, never>>;
  const published: EventEnvelope[] = [];

  beforeAll(async () => {
    identity = await startIdentity(testOptions({ adminEmails: [adminEmail] }), undefined, { adminRequireMfa: true });
    other = await startTestService(otherService, { bus: identity.bus.bus, jwksUrl: `${identity.url}${api}/.well-known/jwks.json`, adminRequireMfa: true });
    for (const event of [userMfaEnabledV1, userMfaDisabledV1]) {
      await identity.bus.bus.subscribe({ durable: `test-${event.type.replaceAll('.', '-')}`, subject: event.subject, handler: async (envelope) => void published.push(envelope) });
    }
  });
  afterAll(async () => {
    await other.cleanup();
    await identity.close();
  });

  const publishedFor = (type: string, userId: string) => published.find((event) => event.type === type && (event.data as { userId: string }).userId === userId);

  const post = (path: string, body: object, token?: string) => {
    const call = request(identity.url).post(`${api}${path}`).send(body);
    return token ? call.set(bearer(token)) : call;
  };
  const signIn = (email: string) => post('/signin/password', { email, password: PASSWORD });

  /** Signs up, enrols with the current step's code, and returns what the user was shown. */
  async function enrolledUser(email = uniqueEmail()) {
    const user = await signUpConfirmed(identity.url, email);
    const enrolment = mfaEnrolment.parse((await post('/me/mfa/enrolment', {}, user.session.accessToken).expect(201)).body);
    const confirmed = await post('/me/mfa/enrolment/confirm', { code: totpAt(enrolment.secret, Date.now()) }, user.session.accessToken).expect(200);
    return { ...user, secret: enrolment.secret, recoveryCodes: mfaRecoveryCodes.parse(confirmed.body).recoveryCodes };
  }

  /** The second step with the code of the next step: the enrolment spent the current one. */
  async function secondStep(email: string, code: string) {
    const first = await signIn(email).expect(200);
    const { challengeToken } = mfaChallenge.parse(first.body);
    return post('/mfa/verify', { challengeToken, code });
  }

  it('enrols only after a correct code and shows ten recovery codes once', async () => {
    const user = await signUpConfirmed(identity.url);
    const token = user.session.accessToken;
    const enrolment = mfaEnrolment.parse((await post('/me/mfa/enrolment', {}, token).expect(201)).body);
    expect(enrolment.otpauthUri).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.qrCode).toMatch(/^data:image\/png;base64,/);

    const wrong = await post('/me/mfa/enrolment/confirm', { code: totpAt(enrolment.secret, Date.now() + 5 * STEP_MS) }, token).expect(400);
    expect(wrong.body.error.code).toBe('invalid_mfa_code');
    expect(mfaStatus.parse((await request(identity.url).get(`${api}/me/mfa`).set(bearer(token)).expect(200)).body).enabled).toBe(false);
    // Not on yet, so signing in still needs nothing more.
    expect(session.safeParse((await signIn(user.email).expect(200)).body).success).toBe(true);

    const confirmed = await post('/me/mfa/enrolment/confirm', { code: totpAt(enrolment.secret, Date.now()) }, token).expect(200);
    const { recoveryCodes } = mfaRecoveryCodes.parse(confirmed.body);
    expect(new Set(recoveryCodes).size).toBe(10);
    const status = mfaStatus.parse((await request(identity.url).get(`${api}/me/mfa`).set(bearer(token)).expect(200)).body);
    expect(status).toMatchObject({ enabled: true });
    expect(status.recoveryCodes).toEqual(recoveryCodes.map((_code, index) => ({ number: index + 1, usedAt: null })));
    expect(JSON.stringify(status)).not.toContain(recoveryCodes[0]);
    await post('/me/mfa/enrolment', {}, token).expect(409);
    await eventually(async () => publishedFor(userMfaEnabledV1.type, user.session.user.id));
  });

  it('asks an enrolled user for the second step after a password, and marks the session only after it', async () => {
    const user = await enrolledUser();
    const first = await signIn(user.email).expect(200);
    const challenge = mfaChallenge.parse(first.body);
    expect(first.body).not.toHaveProperty('accessToken');
    expect(refreshCookieFrom(first)).toBeUndefined();

    const wrong = await post('/mfa/verify', { challengeToken: challenge.challengeToken, code: '000000' }).expect(400);
    expect(wrong.body.error.code).toBe('invalid_mfa_code');

    const verified = await post('/mfa/verify', { challengeToken: challenge.challengeToken, code: totpAt(user.secret, Date.now() + STEP_MS) }).expect(200);
    const body = session.parse(verified.body);
    expect(body).toMatchObject({ kind: 'password', mfaVerified: true });
    expect(decodeJwt(body.accessToken)).toMatchObject({ sub: user.session.user.id, mfa: true });
    expect(decodeJwt(user.session.accessToken).mfa).toBe(false);

    // The claim survives a refresh; the challenge works once.
    const refreshed = await request(identity.url)
      .post(`${api}/token/refresh`)
      .set('cookie', refreshCookieHeader(refreshCookieFrom(verified)!))
      .send({})
      .expect(200);
    expect(decodeJwt(session.parse(refreshed.body).accessToken).mfa).toBe(true);
    const again = await post('/mfa/verify', { challengeToken: challenge.challengeToken, code: user.recoveryCodes[0]! }).expect(401);
    expect(again.body.error.code).toBe('invalid_mfa_challenge');
  });

  it('refuses an authenticator code replayed within its window', async () => {
    const user = await enrolledUser();
    const code = totpAt(user.secret, Date.now() + STEP_MS);
    expect((await secondStep(user.email, code)).status).toBe(200);
    const replay = await secondStep(user.email, code);
    expect(replay.status).toBe(400);
    expect(replay.body.error.code).toBe('invalid_mfa_code');
  });

  it('asks for the second step after an emailed code too', async () => {
    const user = await enrolledUser();
    await post('/otp', { email: user.email }).expect(202);
    const message = await latestEmail(identity.url, user.email, /code/i);
    const code = /\b(\d{6})\b/.exec(message.text)?.[1];
    const first = await post('/otp/verify', { email: user.email, code }).expect(200);
    const { challengeToken } = mfaChallenge.parse(first.body);
    const verified = await post('/mfa/verify', { challengeToken, code: user.recoveryCodes[1]! }).expect(200);
    expect(session.parse(verified.body)).toMatchObject({ kind: 'otp', mfaVerified: true });
  });

  it('signs in with a recovery code once, and shows when it was used', async () => {
    const user = await enrolledUser();
    const dashed = user.recoveryCodes[2]!;
    expect((await secondStep(user.email, dashed.toLowerCase())).status).toBe(200);
    const reused = await secondStep(user.email, dashed);
    expect(reused.status).toBe(400);
    const status = mfaStatus.parse((await request(identity.url).get(`${api}/me/mfa`).set(bearer(user.session.accessToken)).expect(200)).body);
    expect(status.recoveryCodes.filter((code) => code.usedAt).map((code) => code.number)).toEqual([3]);
  });

  it('ends a challenge after five wrong codes', async () => {
    const user = await enrolledUser();
    const { challengeToken } = mfaChallenge.parse((await signIn(user.email).expect(200)).body);
    for (let attempt = 0; attempt < 5; attempt += 1) await post('/mfa/verify', { challengeToken, code: '999999' }).expect(400);
    const locked = await post('/mfa/verify', { challengeToken, code: user.recoveryCodes[0]! }).expect(401);
    expect(locked.body.error.code).toBe('invalid_mfa_challenge');
  });

  it('counts second-step codes per user, across new challenges', async () => {
    const limited = await startIdentity(
      testOptions({ rateLimits: { ...testOptions().rateLimits, mfa: { ip: { points: 1000, durationSeconds: 900 }, account: { points: 3, durationSeconds: 900 } } } }),
    );
    try {
      const user = await signUpConfirmed(limited.url);
      const token = user.session.accessToken;
      const enrolment = mfaEnrolment.parse((await request(limited.url).post(`${api}/me/mfa/enrolment`).set(bearer(token)).send({}).expect(201)).body);
      await request(limited.url)
        .post(`${api}/me/mfa/enrolment/confirm`)
        .set(bearer(token))
        .send({ code: totpAt(enrolment.secret, Date.now()) })
        .expect(200);
      const attempt = async () => {
        const first = await request(limited.url).post(`${api}/signin/password`).send({ email: user.email, password: PASSWORD }).expect(200);
        return request(limited.url)
          .post(`${api}/mfa/verify`)
          .send({ challengeToken: mfaChallenge.parse(first.body).challengeToken, code: '999999' });
      };
      for (let i = 0; i < 3; i += 1) expect((await attempt()).status).toBe(400);
      const refused = await attempt();
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('rate_limited');
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });

  it('regenerates recovery codes with a current code; the old ones stop working', async () => {
    const user = await enrolledUser();
    const token = user.session.accessToken;
    await post('/me/mfa/recovery-codes', {}, token).expect(400);
    await post('/me/mfa/recovery-codes', { code: 'AAAAA-AAAAA' }, token).expect(400);
    const fresh = mfaRecoveryCodes.parse((await post('/me/mfa/recovery-codes', { code: user.recoveryCodes[0]! }, token).expect(200)).body);
    expect(fresh.recoveryCodes).not.toContain(user.recoveryCodes[1]);
    expect((await secondStep(user.email, user.recoveryCodes[1]!)).status).toBe(400);
    expect((await secondStep(user.email, fresh.recoveryCodes[1]!)).status).toBe(200);
  });

  it('turns the second factor off with the password and a code; sign-in is one step again', async () => {
    const user = await enrolledUser();
    const token = user.session.accessToken;
    const wrongPassword = await post('/me/mfa/disable', { password: 'not the password', code: user.recoveryCodes[0]! }, token).expect(400);
    expect(wrongPassword.body.error.code).toBe('invalid_credentials');
    await post('/me/mfa/disable', { password: PASSWORD, code: '123456' }, token).expect(400);
    const off = mfaStatus.parse((await post('/me/mfa/disable', { password: PASSWORD, code: user.recoveryCodes[0]! }, token).expect(200)).body);
    expect(off).toEqual({ enabled: false, enabledAt: null, recoveryCodes: [] });
    expect(session.parse((await signIn(user.email).expect(200)).body).mfaVerified).toBe(false);
    const event = await eventually(async () => publishedFor(userMfaDisabledV1.type, user.session.user.id));
    expect(event.data).toEqual({ userId: user.session.user.id, by: 'user', adminId: null });
  });

  describe('admins (ADMIN_REQUIRE_MFA=true)', () => {
    let adminToken: string;
    let adminRefresh: string;

    beforeAll(async () => {
      const admin = await signUpConfirmed(identity.url, adminEmail, 'Grace Admin');
      adminToken = admin.session.accessToken;
      adminRefresh = admin.refreshToken;
    });

    it('refuses every admin endpoint, here and in other services, to an admin without a second factor', async () => {
      for (const call of [
        request(identity.url).get(`${api}/admin/users`).set(bearer(adminToken)),
        request(identity.url).get(`${api}/admin/audit`).set(bearer(adminToken)),
        request(other.url).get('/api/other/admin/ping').set(bearer(adminToken)),
        request(other.url).get('/api/other/admin/audit').set(bearer(adminToken)),
      ]) {
        const response = await call;
        expect(response.status).toBe(403);
        expect(response.body.error).toMatchObject({ code: 'mfa_required', message: expect.stringContaining('two-factor') });
      }
    });

    it('lets the admin in once the session passed a second factor', async () => {
      const enrolment = mfaEnrolment.parse((await post('/me/mfa/enrolment', {}, adminToken).expect(201)).body);
      await post('/me/mfa/enrolment/confirm', { code: totpAt(enrolment.secret, Date.now()) }, adminToken).expect(200);
      // Setting the app up proves it: the same session's next token carries the claim.
      const refreshed = await request(identity.url).post(`${api}/token/refresh`).set('cookie', refreshCookieHeader(adminRefresh)).send({}).expect(200);
      adminToken = session.parse(refreshed.body).accessToken;
      expect(decodeJwt(adminToken).mfa).toBe(true);
      await request(identity.url).get(`${api}/admin/users`).set(bearer(adminToken)).expect(200);
      await request(other.url).get('/api/other/admin/ping').set(bearer(adminToken)).expect(200);
    });

    it('resets a user’s second factor, audited', async () => {
      const user = await enrolledUser();
      const userId = user.session.user.id;
      const customer = await request(identity.url).delete(`${api}/admin/users/${userId}/mfa`).set(bearer(user.session.accessToken));
      expect(customer.status).toBe(403);
      await request(identity.url).delete(`${api}/admin/users/${userId}/mfa`).set(bearer(adminToken)).expect(204);
      await request(identity.url).delete(`${api}/admin/users/${userId}/mfa`).set(bearer(adminToken)).expect(409);
      const event = await eventually(async () => publishedFor(userMfaDisabledV1.type, userId));
      expect(event.data).toMatchObject({ by: 'admin' });
      expect(session.safeParse((await signIn(user.email).expect(200)).body).success).toBe(true);
      const audit = adminAuditList.parse((await request(identity.url).get(`${api}/admin/audit`).query({ user: userId }).set(bearer(adminToken)).expect(200)).body);
      expect(audit.entries[0]).toMatchObject({ action: 'user.mfa_reset', subjectUserId: userId, after: { mfaEnabled: false } });
    });
  });
});
