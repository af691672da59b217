import { adminAuditList, adminUserList, type EventEnvelope, userProfile, userReactivatedV1, userSuspendedV1, userTierChangedV1 } from '@agentdock/contracts';
import { getAuth, requireAuth } from '@agentdock/service-kit';
import { type ServiceDefinition } from '@agentdock/service-data';
import { eventually } from '@agentdock/service-kit/testing';
import { startTestService, type TestService } from '@agentdock/service-data/testing';
import request from 'supertest';
import { users } from '../src/db/schema';
import { bearer, type IdentityHarness, PASSWORD, refreshCookieHeader, signUpConfirmed, startIdentity, testOptions, uniqueEmail, uniquePhone } from './helpers';

const api = '/api/identity';

/** Any other service: what the kit gives every service, plus one route for signed-in users. */
const otherService: ServiceDefinition<Record<string, never>> = {
  name: 'svc-other',
  defaultPort: 0,
  schema: {},
  migrationsFolder: '',
  mount(app, context) {
    app.get('/api/other/whoami', requireAuth(context.verifier), (req, res) => {
      res.json({ sub: getAuth(req).sub });
    });
  },
};

describe(`svc-identity admin API and suspension (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  const adminEmail = uniqueEmail('admin');
  let identity: IdentityHarness;
  let other: TestService<Record<string, never>>;
  let adminToken: string;
  let adminId: string;
  const published: EventEnvelope[] = [];

  beforeAll(async () => {
    identity = await startIdentity(testOptions({ adminEmails: [adminEmail] }));
    other = await startTestService(otherService, { bus: identity.bus.bus, jwksUrl: `${identity.url}${api}/.well-known/jwks.json` });
    for (const event of [userSuspendedV1, userReactivatedV1, userTierChangedV1]) {
      await identity.bus.bus.subscribe({ durable: `test-${event.type.replaceAll('.', '-')}`, subject: event.subject, handler: async (envelope) => void published.push(envelope) });
    }
    const admin = await signUpConfirmed(identity.url, adminEmail, 'Grace Admin');
    adminToken = admin.session.accessToken;
    adminId = admin.session.user.id;
  });
  afterAll(async () => {
    await other.cleanup();
    await identity.close();
  });

  const patchUser = (id: string, body: object, token = adminToken) => request(identity.url).patch(`${api}/admin/users/${id}`).set(bearer(token)).send(body);

  it('makes an ADMIN_EMAILS account an admin when it is confirmed', async () => {
    const me = await request(identity.url).get(`${api}/me`).set(bearer(adminToken)).expect(200);
    expect(userProfile.parse(me.body).isAdmin).toBe(true);
  });

  it('refuses every admin endpoint to non-admins (403) and to anonymous callers (401)', async () => {
    const customer = await signUpConfirmed(identity.url);
    const token = customer.session.accessToken;
    for (const call of [
      request(identity.url).get(`${api}/admin/users`).set(bearer(token)),
      request(identity.url).patch(`${api}/admin/users/${customer.session.user.id}`).set(bearer(token)).send({ subscriptionTier: 'enterprise' }),
      request(identity.url).patch(`${api}/admin/users/${adminId}`).set(bearer(token)).send({ isSuspended: true }),
      request(identity.url).get(`${api}/admin/audit`).set(bearer(token)),
    ]) {
      const response = await call;
      expect(response.status).toBe(403);
      expect(response.body.error.message).toBe('Access denied. Admin privileges required.');
    }
    await request(identity.url).get(`${api}/admin/users`).expect(401);
    await request(identity.url).get(`${api}/admin/audit`).expect(401);
    const me = await request(identity.url).get(`${api}/me`).set(bearer(token)).expect(200);
    expect(me.body.subscriptionTier).toBe('free');
  });

  it('lists every user newest first', async () => {
    const older = await signUpConfirmed(identity.url);
    const newer = await signUpConfirmed(identity.url);
    const list = adminUserList.parse((await request(identity.url).get(`${api}/admin/users`).set(bearer(adminToken)).expect(200)).body);
    expect(list.total).toBe(list.users.length);
    const ids = list.users.map((user) => user.id);
    expect(ids.indexOf(newer.session.user.id)).toBeLessThan(ids.indexOf(older.session.user.id));
    expect(ids.indexOf(older.session.user.id)).toBeLessThan(ids.indexOf(adminId));
  });

  it('changes a tier and publishes the change once', async () => {
    const customer = await signUpConfirmed(identity.url);
    const id = customer.session.user.id;
    expect((await patchUser(id, { subscriptionTier: 'professional' }).expect(200)).body.subscriptionTier).toBe('professional');
    await patchUser(id, { subscriptionTier: 'professional' }).expect(200);
    const changes = await eventually(async () => {
      const mine = published.filter((event) => event.type === userTierChangedV1.type && (event.data as { userId: string }).userId === id);
      return mine.length > 0 && mine;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(changes).toHaveLength(1);
    expect(changes[0]?.data).toEqual({ userId: id, tier: 'professional', previousTier: 'free' });
  });

  it('audits tier changes, suspensions and reactivations once each, with who and before/after', async () => {
    const customer = await signUpConfirmed(identity.url);
    const id = customer.session.user.id;
    await patchUser(id, { subscriptionTier: 'starter' }).expect(200);
    await patchUser(id, { subscriptionTier: 'starter' }).expect(200);
    await patchUser(id, { isSuspended: true }).expect(200);
    await patchUser(id, { isSuspended: false }).expect(200);
    const audit = adminAuditList.parse((await request(identity.url).get(`${api}/admin/audit`).query({ user: id }).set(bearer(adminToken)).expect(200)).body);
    expect(audit.entries.map(({ service, actorId, actorEmail, action, target, before, after }) => ({ service, actorId, actorEmail, action, target, before, after }))).toEqual([
      {
        service: 'svc-identity',
        actorId: adminId,
        actorEmail: adminEmail,
        action: 'user.reactivate',
        target: `user:${id}`,
        before: { isSuspended: true },
        after: { isSuspended: false },
      },
      {
        service: 'svc-identity',
        actorId: adminId,
        actorEmail: adminEmail,
        action: 'user.suspend',
        target: `user:${id}`,
        before: { isSuspended: false },
        after: { isSuspended: true },
      },
      {
        service: 'svc-identity',
        actorId: adminId,
        actorEmail: adminEmail,
        action: 'user.tier_change',
        target: `user:${id}`,
        before: { subscriptionTier: 'free' },
        after: { subscriptionTier: 'starter' },
      },
    ]);
  });

  it('suspends for real: sign-in, refresh, /me and every other service refuse the user; reactivation restores them', async () => {
    const customer = await signUpConfirmed(identity.url);
    const id = customer.session.user.id;
    const token = customer.session.accessToken;
    await request(other.url).get('/api/other/whoami').set(bearer(token)).expect(200);

    const suspended = await patchUser(id, { isSuspended: true }).expect(200);
    expect(suspended.body.isSuspended).toBe(true);
    const refusal = { code: 'account_suspended', message: 'Your account has been suspended. Please contact support.' };

    expect((await request(identity.url).post(`${api}/signin/password`).send({ email: customer.email, password: PASSWORD }).expect(403)).body.error).toMatchObject(refusal);
    expect(
      (
        await request(identity.url)
          .post(`${api}/token/refresh`)
          .set('cookie', refreshCookieHeader(customer.refreshToken))
          .set('content-type', 'application/json')
          .send('{}')
          .expect(403)
      ).body.error,
    ).toMatchObject(refusal);
    expect((await request(identity.url).get(`${api}/me`).set(bearer(token)).expect(403)).body.error).toMatchObject(refusal);
    // The other service learns it from the event and refuses the still unexpired token.
    const refused = await eventually(async () => {
      const response = await request(other.url).get('/api/other/whoami').set(bearer(token));
      return response.status === 403 && response;
    });
    expect(refused.body.error).toMatchObject(refusal);

    await patchUser(id, { isSuspended: false }).expect(200);
    const signedInAgain = await request(identity.url).post(`${api}/signin/password`).send({ email: customer.email, password: PASSWORD }).expect(200);
    await eventually(async () => (await request(other.url).get('/api/other/whoami').set(bearer(signedInAgain.body.accessToken))).status === 200);
    // Suspension ended the session the old token belongs to: reactivation does not bring it back.
    expect((await request(other.url).get('/api/other/whoami').set(bearer(token)).expect(401)).body.error.code).toBe('session_revoked');
    // Suspension ended every session: the old refresh token stays dead.
    await request(identity.url)
      .post(`${api}/token/refresh`)
      .set('cookie', refreshCookieHeader(customer.refreshToken))
      .set('content-type', 'application/json')
      .send('{}')
      .expect(401);
    expect(published.filter((event) => (event.data as { userId: string }).userId === id).map((event) => event.type)).toEqual([userSuspendedV1.type, userReactivatedV1.type]);
  });

  it('does not let an admin suspend themselves, and validates the patch', async () => {
    expect((await patchUser(adminId, { isSuspended: true }).expect(400)).body.error.code).toBe('cannot_suspend_self');
    expect((await patchUser(adminId, {}).expect(400)).body.error.code).toBe('validation_failed');
    expect((await patchUser(adminId, { subscriptionTier: 'platinum' }).expect(400)).body.error.code).toBe('validation_failed');
    await patchUser('not-a-uuid', { isSuspended: true }).expect(400);
    await patchUser('00000000-0000-4000-8000-000000000000', { isSuspended: true }).expect(404);
  });

  it('updates the profile’s name and keeps a new phone number pending until it is proved', async () => {
    const { session } = await signUpConfirmed(identity.url);
    const phone = uniquePhone();
    const updated = await request(identity.url).patch(`${api}/me`).set(bearer(session.accessToken)).send({ fullName: 'Ada King', phone }).expect(200);
    expect(updated.body).toMatchObject({ fullName: 'Ada King', phone: null, pendingPhone: phone });
    await request(identity.url).patch(`${api}/me`).set(bearer(session.accessToken)).send({ phone: '0123' }).expect(400);
    // null removes the number, pending or proved.
    expect((await request(identity.url).patch(`${api}/me`).set(bearer(session.accessToken)).send({ phone: null }).expect(200)).body).toMatchObject({
      phone: null,
      pendingPhone: null,
    });
  });

  it('searches 10,000 users by email or name and pages them with a total', async () => {
    const base = Date.now() - 1_000_000;
    const rows = Array.from({ length: 10_000 }, (_, index) => ({
      email: `bulk-${index}@load.example.com`,
      fullName: index % 1000 === 0 ? `Needle_Person ${index}` : `Bulk Person ${index}`,
      passwordHash: 'not-a-real-hash',
      createdAt: new Date(base + index),
    }));
    for (let start = 0; start < rows.length; start += 1000) await identity.service.context.db.insert(users).values(rows.slice(start, start + 1000));
    const list = async (query: Record<string, string>) =>
      adminUserList.parse((await request(identity.url).get(`${api}/admin/users`).query(query).set(bearer(adminToken)).expect(200)).body);

    const started = Date.now();
    const byEmail = await list({ q: 'BULK-9999@LOAD', limit: '10' });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(byEmail.users.map((user) => user.email)).toEqual(['bulk-9999@load.example.com']);
    expect(byEmail.total).toBe(1);

    // An underscore is a letter here, not a wildcard: only the ten needles match.
    const byName = await list({ q: 'needle_', limit: '4', offset: '8' });
    expect(byName.total).toBe(10);
    expect(byName.users.map((user) => user.fullName)).toEqual(['Needle_Person 1000', 'Needle_Person 0']);

    const page = await list({ q: '@load.example.com', limit: '50', offset: '100' });
    expect(page.total).toBe(10_000);
    expect(page.users).toHaveLength(50);
    expect(page.users[0]?.email).toBe('bulk-9899@load.example.com');

    const byIds = await list({ ids: `${page.users[1]!.id}, ${page.users[0]!.id},${adminId}`, q: 'load.example' });
    expect(byIds.users.map((user) => user.email)).toEqual(['bulk-9899@load.example.com', 'bulk-9898@load.example.com']);
    expect(byIds.total).toBe(2);

    const badIds = await request(identity.url).get(`${api}/admin/users`).query({ ids: 'not-a-uuid' }).set(bearer(adminToken)).expect(400);
    expect(badIds.body.error.fields).toEqual([{ path: 'ids.0', message: 'Each user id must be a UUID' }]);

    for (const query of [{ limit: '0' }, { limit: '201' }, { offset: '-1' }, { limit: 'many' }]) {
      const refused = await request(identity.url).get(`${api}/admin/users`).query(query).set(bearer(adminToken)).expect(400);
      expect(refused.body.error.code).toBe('validation_failed');
    }
  });
});
