import { IDENTITY_BASE } from '../http/bases';
import { defineEndpoint } from '../http/endpoint';
import { emptyJsonBody } from './endpoints';
import {
  invitationAccepted,
  invitationCreateRequest,
  invitationList,
  invitationPreview,
  invitationSummary,
  memberRoleRequest,
  organisationCreateRequest,
  organisationDeleteRequest,
  organisationDetail,
  organisationList,
  organisationRenameRequest,
  organisationSummary,
  ownershipTransferRequest,
  teamActivityList,
  teamMember,
} from './organisations';

/**
 * Teams (organisations), their members and invitations, behind the gateway at /api/identity. Every
 * `:orgId` endpoint reads the caller's membership from the database on each request, so a removed
 * member is refused from the next request on; a non-member gets 404, as if the team did not exist.
 */
export const IDENTITY_TEAM_ENDPOINTS = {
  /** The caller's teams, with their role in each. */
  organisations: defineEndpoint('GET', IDENTITY_BASE, '/organisations', { response: organisationList }),
  /** 201: the caller is its owner. */
  createOrganisation: defineEndpoint('POST', IDENTITY_BASE, '/organisations', { request: organisationCreateRequest, response: organisationSummary }),
  /** Any member: the team, its members and its seats. */
  organisation: defineEndpoint('GET', IDENTITY_BASE, '/organisations/:orgId', { response: organisationDetail }),
  /** Owner or admin. */
  renameOrganisation: defineEndpoint('PATCH', IDENTITY_BASE, '/organisations/:orgId', { request: organisationRenameRequest, response: organisationSummary }),
  /** Owner only, with the name typed again, and only without an active subscription; 204. */
  deleteOrganisation: defineEndpoint('POST', IDENTITY_BASE, '/organisations/:orgId/delete', { request: organisationDeleteRequest, response: undefined }),
  /** Owner only: another member becomes the owner, the former owner an admin. */
  transferOwnership: defineEndpoint('POST', IDENTITY_BASE, '/organisations/:orgId/transfer', { request: ownershipTransferRequest, response: organisationDetail }),
  /** Owner or admin (an admin cannot change the owner's or their own role). */
  changeMemberRole: defineEndpoint('PATCH', IDENTITY_BASE, '/organisations/:orgId/members/:userId', { request: memberRoleRequest, response: teamMember }),
  /** Owner or admin removes a member; any member removes themself (leaves), the owner only after a transfer; 204. */
  removeMember: defineEndpoint('DELETE', IDENTITY_BASE, '/organisations/:orgId/members/:userId', { response: undefined }),
  /** Owner or admin: invitations not yet accepted, revoked or expired. */
  invitations: defineEndpoint('GET', IDENTITY_BASE, '/organisations/:orgId/invitations', { response: invitationList }),
  /** Owner or admin; 201, and the invitation is emailed. */
  invite: defineEndpoint('POST', IDENTITY_BASE, '/organisations/:orgId/invitations', { request: invitationCreateRequest, response: invitationSummary }),
  /** Owner or admin; 204. */
  revokeInvitation: defineEndpoint('DELETE', IDENTITY_BASE, '/organisations/:orgId/invitations/:invitationId', { response: undefined }),
  /** Owner or admin: a new link (the old one stops working) and seven more days. */
  resendInvitation: defineEndpoint('POST', IDENTITY_BASE, '/organisations/:orgId/invitations/:invitationId/resend', {
    request: emptyJsonBody,
    response: invitationSummary,
  }),
  /** Owner or admin: the team's audit trail, newest first. */
  activity: defineEndpoint('GET', IDENTITY_BASE, '/organisations/:orgId/activity', { response: teamActivityList }),
  /** Public: the token is the credential. What the invitation link's page shows. */
  invitation: defineEndpoint('GET', IDENTITY_BASE, '/invitations/:token', { response: invitationPreview }),
  /** Signed in as the account that confirmed the invited address. */
  acceptInvitation: defineEndpoint('POST', IDENTITY_BASE, '/invitations/:token/accept', { request: emptyJsonBody, response: invitationAccepted }),
} as const;
