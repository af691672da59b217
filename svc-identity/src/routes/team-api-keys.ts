import { apiKeyCreateRequest, IDENTITY_TEAM_KEY_ENDPOINTS as KEYS } from '@agentdock/contracts';
import { type Db } from '@agentdock/service-data';
import { getAuth, requireAuth, type TokenVerifier } from '@agentdock/service-kit';
import { Router } from 'express';
import type { IdentitySchema } from '../db/schema';
import { type ApiKeyDeps, createApiKey, listApiKeys, revokeTeamApiKey } from '../domain/api-keys';
import { currentSession, currentUser } from '../domain/profile';
import { membershipOf } from '../domain/teams/access';
import { clientIp } from './http-helpers';

/**
 * A member's API keys of one team (they spend from its pool). Membership is checked before the
 * body is read, so an outsider or a removed member learns nothing but that the team is not theirs.
 */
export function teamApiKeysRouter(db: Db<IdentitySchema>, deps: ApiKeyDeps, verifier: TokenVerifier): Router {
  const router = Router();
  router.use(KEYS.teamApiKeys.route, requireAuth(verifier));

  router.get(KEYS.teamApiKeys.route, async (req, res) => {
    const user = await currentUser(db, getAuth(req));
    res.set('Cache-Control', 'no-store').json(await listApiKeys(db, user.id, req.params.orgId));
  });

  router.post(KEYS.createTeamApiKey.route, async (req, res) => {
    const current = await currentSession(db, getAuth(req));
    await membershipOf(db, req.params.orgId, current.user.id);
    const input = apiKeyCreateRequest.parse(req.body);
    res
      .status(201)
      .set('Cache-Control', 'no-store')
      .json(await createApiKey(deps, current, input, clientIp(req), req.params.orgId));
  });

  router.delete(KEYS.revokeTeamApiKey.route, async (req, res) => {
    const user = await currentUser(db, getAuth(req));
    await revokeTeamApiKey(deps, user, req.params.orgId, req.params.keyId);
    res.status(204).end();
  });

  return router;
}
