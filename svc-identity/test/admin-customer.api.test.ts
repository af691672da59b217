import request from 'supertest';
import { mfaFactors, users } from '../src/db/schema';
import { bearer, type IdentityHarness, refreshCookieHeader, signUpConfirmed, startIdentity, testOptions, uniqueEmail } from './helpers';

const api = '/api/identity';

describe(`svc-identity customer page and user filters (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  const adminEmail = uniqueEmail('admin');
  let identity: IdentityHarness;
  let adminToken: string;

  beforeAll(async () => {
    identity = await startIdentity(testOptions({ adminEmails: [adminEmail] }));
    adminToken = (await signUpConfirmed(identity.url, adminEmail, 'Grace Admin')).session.accessToken;
  });
  afterAll(() => identity.close());

  const list = (query: Record<string, string>) => request(identity.url).get(`${api}/admin/users`).query(query).set(bearer(adminToken));

  it('filters users by plan, status and sign-up day', async () => {
    const seeded = (email: string, fields: Partial<typeof users.$inferInsert>) => ({ email, passwordHash: 'not-a-hash', ...fields });
    await identity.service.context.db
      .insert(users)
      .values([
        seeded('pro-march@filter.test', { subscriptionTier: 'professional', createdAt: new Date('2026-03-02T10:00:00Z') }),
        seeded('pro-suspended@filter.test', { subscriptionTier: 'professional', isSuspended: true, createdAt: new Date('2026-03-05T23:59:59Z') }),
        seeded('starter@filter.test', { subscriptionTier: 'starter', createdAt: new Date('2026-03-03T00:00:00Z') }),
        seeded('free-april@filter.test', { createdAt: new Date('2026-04-01T00:00:00Z') }),
      ]);
    const emails = async (query: Record<string, string>) =>
      ((await list({ q: 'filter.test', ...query }).expect(200)).body.users as Array<{ email: string }>).map((user) => user.email).sort();
    expect(await emails({ tier: 'professional' })).toEqual(['pro-march@filter.test', 'pro-suspended@filter.test']);
    expect(await emails({ tier: 'professional', status: 'active' })).toEqual(['pro-march@filter.test']);
    expect(await emails({ status: 'suspended' })).toEqual(['pro-suspended@filter.test']);
    expect(await emails({ signedUpFrom: '2026-03-03', signedUpTo: '2026-03-05' })).toEqual(['pro-suspended@filter.test', 'starter@filter.test']);
    expect((await list({ q: 'filter.test', tier: 'professional' }).expect(200)).body.total).toBe(2);
    expect(JSON.stringify((await list({ tier: 'gold' }).expect(400)).body)).toContain('error');
    await list({ status: 'paused' }).expect(400);
    await list({ signedUpFrom: '03/01/2026' }).expect(400);
  });

  it('shows two-factor status and open sign-ins, and ends one, recorded in the audit log', async () => {
    const customer = await signUpConfirmed(identity.url);
    const userId = customer.session.user.id;
    const security = () => request(identity.url).get(`${api}/admin/users/${userId}/security`).set(bearer(adminToken));
    const before = (await security().expect(200)).body;
    expect(before).toMatchObject({ mfaEnabled: false, mfaEnabledAt: null });
    expect(before.sessions).toHaveLength(1);
    expect(before.sessions[0]).toMatchObject({ kind: expect.any(String), mfaVerifiedAt: null });

    const enabledAt = new Date('2026-03-01T00:00:00Z');
    await identity.service.context.db.insert(mfaFactors).values({ userId, secret: 'JBSWY3DPEHPK3PXP', enabledAt });
    expect((await security().expect(200)).body).toMatchObject({ mfaEnabled: true, mfaEnabledAt: enabledAt.toISOString() });

    const sessionId = before.sessions[0].id;
    await request(identity.url).delete(`${api}/admin/users/${userId}/sessions/${sessionId}`).set(bearer(adminToken)).expect(204);
    expect((await security().expect(200)).body.sessions).toEqual([]);
    const again = await request(identity.url).delete(`${api}/admin/users/${userId}/sessions/${sessionId}`).set(bearer(adminToken)).expect(404);
    expect(again.body.error.message).toBe('This sign-in has already ended.');
    // The customer's refresh token no longer works.
    await request(identity.url)
      .post(`${api}/token/refresh`)
      .set('cookie', refreshCookieHeader(customer.refreshToken))
      .set('content-type', 'application/json')
      .send('{}')
      .expect(401);
    // Nor does its access token: an ended session is ended everywhere, not when its token expires.
    const refused = await request(identity.url).get(`${api}/me`).set(bearer(customer.session.accessToken)).expect(401);
    expect(refused.body.error.code).toBe('session_revoked');

    const audit = (await request(identity.url).get(`${api}/admin/audit`).query({ user: userId }).set(bearer(adminToken)).expect(200)).body.entries;
    expect(audit).toEqual([expect.objectContaining({ action: 'user.session_revoke', target: `session:${sessionId}`, subjectUserId: userId })]);
  });

  it('refuses unknown users and sessions with a clear answer', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    await request(identity.url).get(`${api}/admin/users/${unknown}/security`).set(bearer(adminToken)).expect(404);
    await request(identity.url).get(`${api}/admin/users/not-a-uuid/security`).set(bearer(adminToken)).expect(400);
    await request(identity.url).delete(`${api}/admin/users/${unknown}/sessions/${unknown}`).set(bearer(adminToken)).expect(404);
  });
});
