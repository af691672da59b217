import { apiKeyCreateRequest, IDENTITY_ENDPOINTS } from '@agentdock/contracts';
import { getAuth, requireAuth, type TokenVerifier } from '@agentdock/service-kit';
import { type Db } from '@agentdock/service-data';
import { Router } from 'express';
import type { IdentitySchema } from '../db/schema';
import { type ApiKeyDeps, createApiKey, listApiKeys, revokeApiKey } from '../domain/api-keys';
import { currentSession, currentUser } from '../domain/profile';
import { clientIp } from './http-helpers';

/** The signed-in user's API keys for `/v1`: list, create (secret shown once), revoke. */
export function apiKeysRouter(db: Db<IdentitySchema>, deps: ApiKeyDeps, verifier: TokenVerifier): Router {
  const router = Router();
  router.use(IDENTITY_ENDPOINTS.apiKeys.route, requireAuth(verifier));

  router.get(IDENTITY_ENDPOINTS.apiKeys.route, async (req, res) => {
    const user = await currentUser(db, getAuth(req));
    res.set('Cache-Control', 'no-store').json(await listApiKeys(db, user.id));
  });

  router.post(IDENTITY_ENDPOINTS.createApiKey.route, async (req, res) => {
    // The account first: a suspended user or an ended session learns that, whatever the body.
    const current = await currentSession(db, getAuth(req));
    const input = apiKeyCreateRequest.parse(req.body);
    res
      .status(201)
      .set('Cache-Control', 'no-store')
      .json(await createApiKey(deps, current, input, clientIp(req)));
  });

  router.delete(IDENTITY_ENDPOINTS.revokeApiKey.route, async (req, res) => {
    const user = await currentUser(db, getAuth(req));
    await revokeApiKey(deps, user, req.params.keyId);
    res.status(204).end();
  });

  return router;
}
