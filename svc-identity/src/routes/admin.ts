import { adminUserListQuery, adminUserPatch, IDENTITY_ADMIN_ENDPOINTS } from '@agentdock/contracts';
import { AdminRequiredError, assertAdminMfa, getAuth, requireAuth, type TokenVerifier } from '@agentdock/service-kit';
import { adminActorOf, type Db } from '@agentdock/service-data';
import { type Request, type RequestHandler, Router } from 'express';
import { z } from 'zod';
import type { IdentitySchema } from '../db/schema';
import { listUsers, updateUserAsAdmin } from '../domain/admin';
import { resetMfaAsAdmin } from '../domain/mfa';
import { currentUser } from '../domain/profile';
import { toProfile } from '../domain/users';
import type { SessionEnds } from '../domain/refresh-tokens';

const userParams = z.object({ id: z.string().uuid('Unknown user id') });

/** The admin flag comes from the database; the multi-factor claim from the token (ADMIN_REQUIRE_MFA). */
async function currentAdmin(db: Db<IdentitySchema>, verifier: TokenVerifier, req: Request) {
  const claims = getAuth(req);
  const user = await currentUser(db, claims);
  if (!user.isAdmin) throw new AdminRequiredError();
  assertAdminMfa(verifier, claims);
  return user;
}

/** The guard of the kit's admin routes here: the same database-backed admin check as below. */
export function adminGuard(db: Db<IdentitySchema>, verifier: TokenVerifier): RequestHandler[] {
  return [
    requireAuth(verifier),
    async (req, _res, next) => {
      await currentAdmin(db, verifier, req);
      next();
    },
  ];
}

/** Admin-only user management; the admin flag is read from the database, not trusted from the token. */
export function adminRouter(db: Db<IdentitySchema>, ends: SessionEnds, verifier: TokenVerifier): Router {
  const router = Router();
  router.use('/admin', requireAuth(verifier));

  router.get(IDENTITY_ADMIN_ENDPOINTS.users.route, async (req, res) => {
    await currentAdmin(db, verifier, req);
    res.set('Cache-Control', 'no-store').json(await listUsers(db, adminUserListQuery.parse(req.query)));
  });

  router.patch(IDENTITY_ADMIN_ENDPOINTS.updateUser.route, async (req, res) => {
    const admin = await currentAdmin(db, verifier, req);
    const { id } = userParams.parse(req.params);
    res.json(toProfile(await updateUserAsAdmin(ends, admin, id, adminUserPatch.parse(req.body))));
  });

  // A user who lost both the authenticator and the recovery codes; they sign in with the first factor again.
  router.delete(IDENTITY_ADMIN_ENDPOINTS.resetMfa.route, async (req, res) => {
    await currentAdmin(db, verifier, req);
    const { id } = userParams.parse(req.params);
    await resetMfaAsAdmin(ends.writer, adminActorOf(req), id);
    res.status(204).end();
  });

  return router;
}
