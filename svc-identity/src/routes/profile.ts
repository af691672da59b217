import { IDENTITY_ENDPOINTS, passwordChangeRequest, profilePatch } from '@agentdock/contracts';
import { getAuth, requireAuth, type TokenVerifier } from '@agentdock/service-kit';
import { type Db } from '@agentdock/service-data';
import { Router } from 'express';
import type { IdentitySchema } from '../db/schema';
import { changePassword, currentUser } from '../domain/profile';
import { toProfile, updateProfile } from '../domain/users';
import type { IdentityWriter } from '../domain/writer';

/** The signed-in user's own profile and password. */
export function profileRouter(db: Db<IdentitySchema>, writer: IdentityWriter, verifier: TokenVerifier): Router {
  const router = Router();
  router.use(IDENTITY_ENDPOINTS.me.route, requireAuth(verifier));

  router.get(IDENTITY_ENDPOINTS.me.route, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(toProfile(await currentUser(db, getAuth(req))));
  });

  router.patch(IDENTITY_ENDPOINTS.updateMe.route, async (req, res) => {
    // The account is checked first, so a suspended user is told so whatever the body holds.
    const user = await currentUser(db, getAuth(req));
    const patch = profilePatch.parse(req.body);
    res.json(toProfile(await updateProfile(db, user.id, patch)));
  });

  // Any session may set a new password, the recovery session of a reset link included.
  router.post(IDENTITY_ENDPOINTS.changePassword.route, async (req, res) => {
    const claims = getAuth(req);
    const user = await currentUser(db, claims);
    const { password } = passwordChangeRequest.parse(req.body);
    res.json(toProfile(await changePassword(writer, user.id, claims.sid, password)));
  });

  return router;
}
