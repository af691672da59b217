import {
  ADMIN_EXPORT_ENDPOINTS,
  ADMIN_STATS_ENDPOINTS,
  IDENTITY_ADMIN_ENDPOINTS,
  IDENTITY_CUSTOMER_ENDPOINTS,
  IDENTITY_BASE,
  IDENTITY_ENDPOINTS,
  IDENTITY_JWKS_ENDPOINT,
  IDENTITY_MAILBOX_ENDPOINTS,
  IDENTITY_TEAM_ENDPOINTS,
  IDENTITY_TEAM_KEY_ENDPOINTS,
  IDENTITY_ADMIN_ORGANISATION_ENDPOINTS,
  IDENTITY_TEAM_EXPORT_ENDPOINTS,
} from '@agentdock/contracts';
import { type AccessTable, endpointAccessRows, kitAccessRows, type TeamAccessTable } from '@agentdock/service-kit/testing';

const MAILBOX_ONLY = { anonymous: 404, user: 404, suspended: 404, admin: 404 } as const;

// Who may call what, keyed by the contracts' endpoint tables. A route mounted without a row here,
// or an endpoint of the contracts that is not mounted where it says, fails the test.
export const IDENTITY_ACCESS: AccessTable = {
  ...kitAccessRows(IDENTITY_BASE),
  ...endpointAccessRows({ jwks: IDENTITY_JWKS_ENDPOINT }, { jwks: 'public' }),
  ...endpointAccessRows({ stats: ADMIN_STATS_ENDPOINTS.identity }, { stats: 'admin' }),
  ...endpointAccessRows({ customers: ADMIN_EXPORT_ENDPOINTS.customers }, { customers: 'admin' }),
  ...endpointAccessRows(IDENTITY_CUSTOMER_ENDPOINTS, { security: 'admin', revokeSession: 'admin' }),
  ...endpointAccessRows(IDENTITY_ENDPOINTS, {
    signUp: 'public',
    resendConfirmation: 'public',
    signInWithPassword: 'public',
    exchangeCode: 'public',
    openLink: 'public',
    recover: 'public',
    magicLink: 'public',
    requestOtp: 'public',
    verifyOtp: 'public',
    // The second step's credential is the challenge token in the body, not a bearer token.
    verifyMfa: 'public',
    // The refresh cookie is the credential here, so a bearer token changes nothing.
    refresh: { anonymous: 401, user: 401, suspended: 401, admin: 401 },
    revoke: 'public',
    me: 'user',
    updateMe: 'user',
    changePassword: 'user',
    verifyPhone: 'user',
    sendPhoneCode: 'user',
    mfaStatus: 'user',
    startMfaEnrolment: 'user',
    confirmMfaEnrolment: 'user',
    regenerateRecoveryCodes: 'user',
    disableMfa: 'user',
    apiKeys: 'user',
    createApiKey: 'user',
    revokeApiKey: 'user',
  }),
  ...endpointAccessRows(IDENTITY_ADMIN_ENDPOINTS, { users: 'admin', updateUser: 'admin', resetMfa: 'admin' }),
  ...endpointAccessRows(IDENTITY_ADMIN_ORGANISATION_ENDPOINTS, { organisations: 'admin', organisation: 'admin' }),
  ...endpointAccessRows(IDENTITY_TEAM_EXPORT_ENDPOINTS, { activityCsv: 'user' }),
  // Team endpoints: any signed-in user gets past this door; the team roles are the team table's.
  ...endpointAccessRows(IDENTITY_TEAM_ENDPOINTS, {
    organisations: 'user',
    createOrganisation: 'user',
    organisation: 'user',
    renameOrganisation: 'user',
    deleteOrganisation: 'user',
    transferOwnership: 'user',
    changeMemberRole: 'user',
    removeMember: 'user',
    invitations: 'user',
    invite: 'user',
    revokeInvitation: 'user',
    resendInvitation: 'user',
    activity: 'user',
    // The link's token is the credential: the page shows the invitation before anyone signs in.
    invitation: 'public',
    acceptInvitation: 'user',
  }),
  ...endpointAccessRows(IDENTITY_TEAM_KEY_ENDPOINTS, { teamApiKeys: 'user', createTeamApiKey: 'user', revokeTeamApiKey: 'user' }),
  // The local mailbox answers only to its own secret, never to a user's or an admin's token.
  ...endpointAccessRows(IDENTITY_MAILBOX_ENDPOINTS, { page: MAILBOX_ONLY, messages: MAILBOX_ONLY }),
};

/** Who in a team may call each of its endpoints (`:orgId`); strangers and removed members get 404. */
const { organisations, createOrganisation, invitation, acceptInvitation, ...teamEndpoints } = IDENTITY_TEAM_ENDPOINTS;
export const IDENTITY_TEAM_ACCESS: TeamAccessTable = {
  ...endpointAccessRows(teamEndpoints, {
    organisation: 'member',
    renameOrganisation: 'admin',
    deleteOrganisation: 'owner',
    transferOwnership: 'owner',
    changeMemberRole: 'admin',
    // Removing another member; any member may remove themself (leave), which the team tests cover.
    removeMember: 'admin',
    invitations: 'admin',
    invite: 'admin',
    revokeInvitation: 'admin',
    resendInvitation: 'admin',
    activity: 'admin',
  }),
  // Team keys: every member makes, lists and revokes their own (an admin anyone's: the team tests cover it).
  ...endpointAccessRows(IDENTITY_TEAM_KEY_ENDPOINTS, { teamApiKeys: 'member', createTeamApiKey: 'member', revokeTeamApiKey: 'member' }),
};
const consolePage = IDENTITY_ADMIN_ORGANISATION_ENDPOINTS.organisation;
Object.assign(IDENTITY_TEAM_ACCESS, endpointAccessRows(IDENTITY_TEAM_EXPORT_ENDPOINTS, { activityCsv: 'admin' }), {
  // The console's page of a team: only the platform's admins, whatever their role in the team.
  [`${consolePage.method} ${consolePage.base}${consolePage.route}`]: { owner: 403, admin: 403, member: 403, outsider: 403, removed: 403 },
});
