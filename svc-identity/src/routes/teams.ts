import {
  IDENTITY_TEAM_ENDPOINTS as TEAM,
  invitationCreateRequest,
  memberRoleRequest,
  organisationCreateRequest,
  organisationDeleteRequest,
  organisationRenameRequest,
  ownershipTransferRequest,
} from '@agentdock/contracts';
import { getAuth, requireAuth, type TokenVerifier } from '@agentdock/service-kit';
import { Router } from 'express';
import { currentUser } from '../domain/profile';
import { managingMembership } from '../domain/teams/access';
import { listActivity } from '../domain/teams/activity';
import type { TeamDeps } from '../domain/teams/deps';
import { invite, listInvitations, resendInvitation, revokeInvitation } from '../domain/teams/invitations';
import { changeMemberRole, removeMember } from '../domain/teams/members';
import { createOrganisation, deleteOrganisation, listOrganisations, organisationDetail, renameOrganisation, transferOwnership } from '../domain/teams/organisations';

/**
 * Teams, members and invitations of the signed-in user. The caller's membership and role are
 * checked before the body is read, so an outsider learns nothing from a validation answer.
 */
export function teamsRouter(deps: TeamDeps, verifier: TokenVerifier): Router {
  const { db } = deps;
  const router = Router();
  router.use(TEAM.organisations.route, requireAuth(verifier));
  const user = (req: Parameters<typeof getAuth>[0]) => currentUser(db, getAuth(req));

  router.get(TEAM.organisations.route, async (req, res) => {
    const me = await user(req);
    res.set('Cache-Control', 'no-store').json(await listOrganisations(db, me.id));
  });

  router.post(TEAM.createOrganisation.route, async (req, res) => {
    const me = await user(req);
    res.status(201).json(await createOrganisation(deps, me, organisationCreateRequest.parse(req.body)));
  });

  router.get(TEAM.organisation.route, async (req, res) => {
    const me = await user(req);
    res.set('Cache-Control', 'no-store').json(await organisationDetail(deps, req.params.orgId, me.id));
  });

  router.patch(TEAM.renameOrganisation.route, async (req, res) => {
    const me = await user(req);
    await managingMembership(db, req.params.orgId, me.id, 'admin');
    res.json(await renameOrganisation(deps, me, req.params.orgId, organisationRenameRequest.parse(req.body).name));
  });

  router.post(TEAM.deleteOrganisation.route, async (req, res) => {
    const me = await user(req);
    await managingMembership(db, req.params.orgId, me.id, 'owner');
    await deleteOrganisation(deps, me, req.params.orgId, organisationDeleteRequest.parse(req.body).confirmName);
    res.status(204).end();
  });

  router.post(TEAM.transferOwnership.route, async (req, res) => {
    const me = await user(req);
    await managingMembership(db, req.params.orgId, me.id, 'owner');
    res.json(await transferOwnership(deps, me, req.params.orgId, ownershipTransferRequest.parse(req.body).userId));
  });

  router.patch(TEAM.changeMemberRole.route, async (req, res) => {
    const me = await user(req);
    await managingMembership(db, req.params.orgId, me.id, 'admin');
    res.json(await changeMemberRole(deps, me, req.params.orgId, req.params.userId, memberRoleRequest.parse(req.body).role));
  });

  router.delete(TEAM.removeMember.route, async (req, res) => {
    await removeMember(deps, await user(req), req.params.orgId, req.params.userId);
    res.status(204).end();
  });

  router.get(TEAM.invitations.route, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await listInvitations(deps, await user(req), req.params.orgId));
  });

  router.post(TEAM.invite.route, async (req, res) => {
    const me = await user(req);
    await managingMembership(db, req.params.orgId, me.id, 'admin');
    res.status(201).json(await invite(deps, me, req.params.orgId, invitationCreateRequest.parse(req.body)));
  });

  router.delete(TEAM.revokeInvitation.route, async (req, res) => {
    await revokeInvitation(deps, await user(req), req.params.orgId, req.params.invitationId);
    res.status(204).end();
  });

  router.post(TEAM.resendInvitation.route, async (req, res) => {
    res.json(await resendInvitation(deps, await user(req), req.params.orgId, req.params.invitationId));
  });

  router.get(TEAM.activity.route, async (req, res) => {
    const me = await user(req);
    await managingMembership(db, req.params.orgId, me.id, 'admin');
    res.set('Cache-Control', 'no-store').json(await listActivity(db, req.params.orgId));
  });

  return router;
}
