import request from 'supertest';
import { users } from '../src/db/schema';
import { bearer, type IdentityHarness, signUpConfirmed, startIdentity, testOptions, uniqueEmail } from './helpers';

const STATS = '/api/identity/admin/stats';

describe(`svc-identity admin stats (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  const adminEmail = uniqueEmail('admin');
  let identity: IdentityHarness;
  let adminToken: string;

  beforeAll(async () => {
    identity = await startIdentity(testOptions({ adminEmails: [adminEmail] }));
    adminToken = (await signUpConfirmed(identity.url, adminEmail, 'Grace Admin')).session.accessToken;
    const user = (email: string, createdAt: string, confirmed: boolean) => ({
      email,
      passwordHash: 'not-a-hash',
      createdAt: new Date(createdAt),
      emailConfirmedAt: confirmed ? new Date(createdAt) : null,
    });
    await identity.service.context.db
      .insert(users)
      .values([
        user('a@stats.test', '2026-03-01T00:00:00Z', true),
        user('b@stats.test', '2026-03-01T23:59:59Z', false),
        user('c@stats.test', '2026-03-03T12:00:00Z', true),
        user('d@stats.test', '2026-03-03T13:00:00Z', true),
        user('e@stats.test', '2026-02-28T23:59:59Z', true),
        user('f@stats.test', '2026-03-04T00:00:00Z', true),
      ]);
  });
  afterAll(() => identity.close());

  it('counts sign-ups and confirmed sign-ups per UTC day of the range, ends included', async () => {
    const { body } = await request(identity.url).get(STATS).query({ from: '2026-03-01', to: '2026-03-03' }).set(bearer(adminToken)).expect(200);
    expect(body).toEqual({
      signUps: 4,
      confirmedSignUps: 3,
      days: [
        { date: '2026-03-01', signUps: 2, confirmedSignUps: 1 },
        { date: '2026-03-02', signUps: 0, confirmedSignUps: 0 },
        { date: '2026-03-03', signUps: 2, confirmedSignUps: 2 },
      ],
      teams: { organisations: 0, members: 0 },
    });
  });

  it('is for admins only and refuses a range that is not one', async () => {
    const customer = await signUpConfirmed(identity.url);
    await request(identity.url).get(STATS).query({ from: '2026-03-01', to: '2026-03-03' }).set(bearer(customer.session.accessToken)).expect(403);
    await request(identity.url).get(STATS).query({ from: '2026-03-01', to: '2026-03-03' }).expect(401);
    await request(identity.url).get(STATS).query({ from: 'yesterday', to: '2026-03-03' }).set(bearer(adminToken)).expect(400);
  });
});
