import { IDENTITY_CUSTOMER_ENDPOINTS } from '@agentdock/contracts';
import { type TokenVerifier } from '@agentdock/service-kit';
import { adminActorOf, type Db } from '@agentdock/service-data';
import { Router } from 'express';
import { z } from 'zod';
import type { IdentitySchema } from '../db/schema';
import { revokeSessionAsAdmin, userSecurity } from '../domain/admin-customer';
import type { SessionEnds } from '../domain/refresh-tokens';
import { adminGuard } from './admin';

const userParams = z.object({ id: z.uuid('Unknown user id') });
const sessionParams = z.object({ id: z.uuid('Unknown user id'), sessionId: z.uuid('Unknown session id') });
const absolute = (endpoint: { base: string; route: string }) => `${endpoint.base}${endpoint.route}`;

/** The admin console's customer page: two-factor status and open sign-ins, and ending one. */
export function identityCustomerRouter(db: Db<IdentitySchema>, ends: SessionEnds, verifier: TokenVerifier): Router {
  const router = Router();
  const guard = adminGuard(db, verifier);
  router.get(absolute(IDENTITY_CUSTOMER_ENDPOINTS.security), ...guard, async (req, res) => {
    const { id } = userParams.parse(req.params);
    res.set('Cache-Control', 'no-store').json(await userSecurity(db, id));
  });
  router.delete(absolute(IDENTITY_CUSTOMER_ENDPOINTS.revokeSession), ...guard, async (req, res) => {
    const { id, sessionId } = sessionParams.parse(req.params);
    await revokeSessionAsAdmin(ends, adminActorOf(req), id, sessionId);
    res.status(204).end();
  });
  return router;
}
