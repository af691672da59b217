import { IDENTITY_TEAM_ENDPOINTS as TEAM } from '@agentdock/contracts';
import { getAuth, requireAuth, type TokenVerifier } from '@agentdock/service-kit';
import { Router } from 'express';
import { currentUser } from '../domain/profile';
import type { TeamDeps } from '../domain/teams/deps';
import { acceptInvitation, previewInvitation } from '../domain/teams/invitations';

/** An invitation link's page: what it invites to (anyone holding the link), and accepting it (the invited account). */
export function invitationsRouter(deps: TeamDeps, verifier: TokenVerifier): Router {
  const router = Router();

  router.get(TEAM.invitation.route, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await previewInvitation(deps.db, req.params.token));
  });

  router.use(TEAM.acceptInvitation.route, requireAuth(verifier));
  router.post(TEAM.acceptInvitation.route, async (req, res) => {
    const user = await currentUser(deps.db, getAuth(req));
    res.json(await acceptInvitation(deps, user, req.params.token));
  });

  return router;
}
