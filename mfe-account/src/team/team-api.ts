import type { CallOptions } from '@agentdock/api-client';
import {
  IDENTITY_TEAM_ENDPOINTS as TEAM,
  type InvitableRole,
  type InvitationCreateRequest,
  type InvitationSummary,
  type OrganisationCreateRequest,
  type OrganisationDetail,
  type OrganisationSummary,
  TEAM_ACTIVITY_WORDS,
  type TeamActivity,
} from '@agentdock/contracts';
import type { SessionClient } from '@agentdock/session';

export type { InvitationSummary, OrganisationDetail, OrganisationSummary, TeamActivity };

/** The signed-in user's teams, as svc-identity owns them (members, roles, invitations, activity). */
export function teamApi(client: SessionClient) {
  const call = client.api.call.bind(client.api);
  return {
    async list(options?: CallOptions): Promise<OrganisationSummary[]> {
      return (await call(TEAM.organisations, options)).organisations;
    },
    create: (body: OrganisationCreateRequest) => call(TEAM.createOrganisation, { body }),
    detail: (orgId: string, options?: CallOptions) => call(TEAM.organisation, { ...options, params: { orgId } }),
    rename: (orgId: string, name: string) => call(TEAM.renameOrganisation, { params: { orgId }, body: { name } }),
    remove: (orgId: string, confirmName: string) => call(TEAM.deleteOrganisation, { params: { orgId }, body: { confirmName } }),
    transfer: (orgId: string, userId: string) => call(TEAM.transferOwnership, { params: { orgId }, body: { userId } }),
    setRole: (orgId: string, userId: string, role: InvitableRole) => call(TEAM.changeMemberRole, { params: { orgId, userId }, body: { role } }),
    removeMember: (orgId: string, userId: string) => call(TEAM.removeMember, { params: { orgId, userId } }),
    async invitations(orgId: string, options?: CallOptions): Promise<InvitationSummary[]> {
      return (await call(TEAM.invitations, { ...options, params: { orgId } })).invitations;
    },
    invite: (orgId: string, body: InvitationCreateRequest) => call(TEAM.invite, { params: { orgId }, body }),
    revoke: (orgId: string, invitationId: string) => call(TEAM.revokeInvitation, { params: { orgId, invitationId } }),
    resend: (orgId: string, invitationId: string) => call(TEAM.resendInvitation, { params: { orgId, invitationId }, body: {} }),
    async activity(orgId: string, options?: CallOptions): Promise<TeamActivity[]> {
      return (await call(TEAM.activity, { ...options, params: { orgId } })).activity;
    },
    preview: (token: string, options?: CallOptions) => call(TEAM.invitation, { ...options, params: { token } }),
    accept: (token: string) => call(TEAM.acceptInvitation, { params: { token }, body: {} }),
  };
}

export type TeamApi = ReturnType<typeof teamApi>;

/** How the log names each kind of change: the same words as its CSV. */
export const ACTIVITY_LABELS = TEAM_ACTIVITY_WORDS;

export const ROLE_LABELS = { owner: 'Owner', admin: 'Admin', member: 'Member' } as const;
