import { IDENTITY_ENDPOINTS, passwordChangeRequest, profilePatch } from '@agentdock/contracts';
import { getAuth, requireAuth, type TokenVerifier } from '@agentdock/service-kit';
import { type Db } from '@agentdock/service-data';
import { Router } from 'express';
import type { IdentitySchema } from '../db/schema';
import { assertRecentlyAuthenticated, changePassword, currentSession, currentUser } from '../domain/profile';
import type { RateLimits } from '../domain/rate-limits';
import type { SessionEnds } from '../domain/refresh-tokens';
import { toProfile, updateProfile } from '../domain/users';
import { clientIp } from './http-helpers';

/** The signed-in user's own profile and password. */
export function profileRouter(db: Db<IdentitySchema>, ends: SessionEnds, verifier: TokenVerifier, limits: RateLimits): Router {
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

  // A stolen access token must not be enough to lock the owner out: the current password, or a
  // sign-in by email (a reset link's recovery session) or second factor a few minutes ago.
  router.post(IDENTITY_ENDPOINTS.changePassword.route, async (req, res) => {
    const { user, session } = await currentSession(db, getAuth(req));
    const { password, currentPassword } = passwordChangeRequest.parse(req.body);
    // Guessing the current password here costs the same budget as guessing it at sign-in.
    if (currentPassword !== undefined) await limits.consume('signin', { ip: clientIp(req), account: user.email });
    await assertRecentlyAuthenticated(user, session, currentPassword);
    res.json(toProfile(await changePassword(ends, user.id, session.id, password)));
  });

  return router;
}
