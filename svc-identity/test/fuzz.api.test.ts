import {
  adminUserPatch,
  apiKeyCreateRequest,
  codeExchangeRequest,
  emailLinkRequest,
  otpVerifyRequest,
  passwordChangeRequest,
  passwordSignInRequest,
  profilePatch,
  signUpRequest,
} from '@agentdock/contracts';
import { contractFieldNames, fuzzEndpoints } from '@agentdock/service-kit/testing';
import request from 'supertest';
import { IDENTITY_ACCESS } from './access-table';
import { bearer, type IdentityHarness, MAILBOX_TOKEN, signUpConfirmed, startIdentity, testOptions, uniqueEmail } from './helpers';

describe(`svc-identity under hostile input (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  const adminEmail = uniqueEmail('admin');
  let identity: IdentityHarness;
  beforeAll(async () => {
    identity = await startIdentity(testOptions({ adminEmails: [adminEmail] }));
  });
  afterAll(() => identity.close());

  it('answers every mounted endpoint below 500 whatever it is sent', async () => {
    const admin = bearer((await signUpConfirmed(identity.url, adminEmail)).session.accessToken);
    const user = bearer((await signUpConfirmed(identity.url)).session.accessToken);
    const suspendedAccount = await signUpConfirmed(identity.url);
    await request(identity.url).patch(`/api/identity/admin/users/${suspendedAccount.session.user.id}`).set(admin).send({ isSuspended: true }).expect(200);
    const result = await fuzzEndpoints({
      server: identity.service.server,
      url: identity.url,
      table: IDENTITY_ACCESS,
      principals: { user, admin, suspended: bearer(suspendedAccount.session.accessToken) },
      fields: contractFieldNames(
        signUpRequest,
        passwordSignInRequest,
        codeExchangeRequest,
        emailLinkRequest,
        otpVerifyRequest,
        passwordChangeRequest,
        profilePatch,
        adminUserPatch,
        apiKeyCreateRequest,
      ),
      headers: { 'x-mailbox-token': MAILBOX_TOKEN },
    });
    console.info(`svc-identity fuzz: ${result.sent} hostile requests to ${result.endpoints} endpoints, ${result.failures.length} answered 5xx`);
    expect(result.failures).toEqual([]);
  });
});
