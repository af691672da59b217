import {
  adminUserPatch,
  apiKeyCreateRequest,
  codeExchangeRequest,
  invitationCreateRequest,
  memberRoleRequest,
  organisationCreateRequest,
  organisationDeleteRequest,
  organisationRenameRequest,
  ownershipTransferRequest,
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
import { createTeam, person } from './teams-harness';

/** The team every fuzzed team request names (among hostile ids), and its owner as the signed-in caller. */
const team = { id: '', ownerId: '' };

const adminEmail = uniqueEmail('admin');
const teamCheckAdminEmail = uniqueEmail('admin');

describeHostileInput({
  service: 'svc-identity',
  driver: process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite',
  start: () => startIdentity(testOptions({ adminEmails: [adminEmail, teamCheckAdminEmail] })),
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
    {
      label: 'as a team owner',
      test: 'answers every endpoint below 500 as the owner of a team whose id is among the hostile ones',
      table: IDENTITY_ACCESS,
      principals: async (identity) => {
        const callers = await signedInCallers(identity.url, teamCheckAdminEmail);
        const owner = await person(identity, 'owner');
        Object.assign(team, { id: (await createTeam(identity, owner)).id, ownerId: owner.id });
        return { ...callers, user: owner.auth };
      },
      fields: contractFieldNames(
        organisationCreateRequest,
        organisationRenameRequest,
        organisationDeleteRequest,
        ownershipTransferRequest,
        memberRoleRequest,
        invitationCreateRequest,
      ),
      get knownSegments() {
        return [team.id, team.ownerId];
      },
    },
  ],
});
