import { type TokenVerifier } from '@agentdock/service-kit';
import { adminExportRouter, type Db } from '@agentdock/service-data';
import type { IdentitySchema } from '../db/schema';
import { customerRows } from '../domain/admin-exports';
import { adminGuard } from './admin';

/** The customers export (CSV) for the console, behind identity's database-backed admin check. */
export const identityExportsRouter = (db: Db<IdentitySchema>, verifier: TokenVerifier) =>
  adminExportRouter({ name: 'customers', guard: adminGuard(db, verifier), rows: (range) => customerRows(db, range) });
