import {
  adminUserPatch,
  apiKeyCreateRequest,
  codeExchangeRequest,
  emailLinkRequest,
  otpVerifyRequest,
  passwordChangeRequest,
  passwordSignInRequest,
  phoneVerifyRequest,
  profilePatch,
  signUpRequest,
} from '@agentdock/contracts';
import { contractFieldNames, describeHostileInput } from '@agentdock/service-kit/testing';
import { IDENTITY_ACCESS } from './access-table';
import { MAILBOX_TOKEN, signedInCallers, startIdentity, testOptions, uniqueEmail } from './helpers';

const adminEmail = uniqueEmail('admin');

describeHostileInput({
  service: 'svc-identity',
  driver: process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite',
  start: () => startIdentity(testOptions({ adminEmails: [adminEmail] })),
  checks: [
    {
      table: IDENTITY_ACCESS,
      principals: (identity) => signedInCallers(identity.url, adminEmail),
      fields: contractFieldNames(
        signUpRequest,
        passwordSignInRequest,
        codeExchangeRequest,
        emailLinkRequest,
        otpVerifyRequest,
        passwordChangeRequest,
        profilePatch,
        phoneVerifyRequest,
        adminUserPatch,
        apiKeyCreateRequest,
      ),
      headers: { 'x-mailbox-token': MAILBOX_TOKEN },
    },
  ],
});
