import { ADMIN_STATS_ENDPOINTS, endpointUrl } from '@agentdock/contracts';
import { type TokenVerifier } from '@agentdock/service-kit';
import { adminStatsRouter, type Db } from '@agentdock/service-data';
import type { IdentitySchema } from '../db/schema';
import { identityStatsFor } from '../domain/admin-stats';
import { adminGuard } from './admin';

/** Sign-up figures for the admin console's overview, behind identity's database-backed admin check. */
export const identityStatsRouter = (db: Db<IdentitySchema>, verifier: TokenVerifier) =>
  adminStatsRouter({ path: endpointUrl(ADMIN_STATS_ENDPOINTS.identity), guard: adminGuard(db, verifier), compute: (range) => identityStatsFor(db, range) });
