import { describeAccessMatrix } from '@agentdock/service-kit/testing';
import { signedInCallers, startIdentity, testOptions, uniqueEmail } from './helpers';
import { IDENTITY_ACCESS } from './access-table';

const adminEmail = uniqueEmail('admin');

describeAccessMatrix({
  service: 'svc-identity',
  driver: process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite',
  start: () => startIdentity(testOptions({ adminEmails: [adminEmail] })),
  checks: [
    {
      table: IDENTITY_ACCESS,
      principals: (identity) => signedInCallers(identity.url, adminEmail),
    },
  ],
});
