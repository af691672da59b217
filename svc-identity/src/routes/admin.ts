import { adminUserListQuery, adminUserPatch } from '@agentdock/contracts';
import { type Db, ForbiddenError, getAuth, requireAuth, type TokenVerifier } from '@agentdock/service-kit';
import { type Request, type RequestHandler, Router } from 'express';
import { z } from 'zod';
import type { IdentitySchema } from '../db/schema';
import { listUsers, updateUserAsAdmin } from '../domain/admin';
import { currentUser } from '../domain/profile';
import { toProfile } from '../domain/users';
import type { IdentityWriter } from '../domain/writer';

const userParams = z.object({ id: z.string().uuid('Unknown user id') });

async function currentAdmin(db: Db<IdentitySchema>, req: Request) {
  const user = await currentUser(db, getAuth(req));
  if (!user.isAdmin) throw new ForbiddenError('Access denied. Admin privileges required.');
  return user;
}

/** The guard of the kit's admin routes here: the same database-backed admin check as below. */
export function adminGuard(db: Db<IdentitySchema>, verifier: TokenVerifier): RequestHandler[] {
  return [
    requireAuth(verifier),
    async (req, _res, next) => {
      await currentAdmin(db, req);
      next();
    },
  ];
}

/** Admin-only user management; the admin flag is read from the database, not trusted from the token. */
export function adminRouter(db: Db<IdentitySchema>, writer: IdentityWriter, verifier: TokenVerifier): Router {
  const router = Router();
  router.use('/admin', requireAuth(verifier));

  router.get('/admin/users', async (req, res) => {
    await currentAdmin(db, req);
    res.set('Cache-Control', 'no-store').json(await listUsers(db, adminUserListQuery.parse(req.query)));
  });

  router.patch('/admin/users/:id', async (req, res) => {
    const admin = await currentAdmin(db, req);
    const { id } = userParams.parse(req.params);
    res.json(toProfile(await updateUserAsAdmin(writer, admin, id, adminUserPatch.parse(req.body))));
  });

  return router;
}
