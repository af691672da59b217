import { checkAccessMatrix } from '@agentdock/service-kit/testing';
import request from 'supertest';
import { bearer, type IdentityHarness, signUpConfirmed, startIdentity, testOptions, uniqueEmail } from './helpers';
import { IDENTITY_ACCESS } from './access-table';

describe(`svc-identity authorization matrix (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  const adminEmail = uniqueEmail('admin');
  let identity: IdentityHarness;
  beforeAll(async () => {
    identity = await startIdentity(testOptions({ adminEmails: [adminEmail] }));
  });
  afterAll(() => identity.close());

  it('answers every mounted endpoint × {anonymous, user, suspended, admin} as the table says', async () => {
    const admin = bearer((await signUpConfirmed(identity.url, adminEmail)).session.accessToken);
    const user = bearer((await signUpConfirmed(identity.url)).session.accessToken);
    const suspendedAccount = await signUpConfirmed(identity.url);
    await request(identity.url).patch(`/api/identity/admin/users/${suspendedAccount.session.user.id}`).set(admin).send({ isSuspended: true }).expect(200);
    const suspended = bearer(suspendedAccount.session.accessToken);
    const result = await checkAccessMatrix({ server: identity.service.server, url: identity.url, table: IDENTITY_ACCESS, principals: { user, suspended, admin } });
    console.info(`svc-identity access matrix: ${result.endpoints.length} endpoints, ${result.calls} calls`);
    expect(result.problems).toEqual([]);
  });
});
