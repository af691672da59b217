import { adminOrganisationListQuery, IDENTITY_ADMIN_ORGANISATION_ENDPOINTS as ADMIN, IDENTITY_TEAM_EXPORT_ENDPOINTS as EXPORTS, statsRangeQuery } from '@agentdock/contracts';
import { getAuth, requireAuth, type TokenVerifier } from '@agentdock/service-kit';
import type { Db } from '@agentdock/service-data';
import { Router } from 'express';
import type { IdentitySchema } from '../db/schema';
import { currentUser } from '../domain/profile';
import { managingMembership } from '../domain/teams/access';
import { sendActivityCsv } from '../domain/teams/activity-csv';
import { listOrganisationsForAdmin, organisationForAdmin } from '../domain/teams/admin-organisations';
import { adminGuard } from './admin';

/** The team log's CSV for its owners and admins: membership is judged before the range, so a stranger learns nothing from its validation. */
export function teamExportsRouter(db: Db<IdentitySchema>, verifier: TokenVerifier): Router {
  const router = Router();
  router.get(EXPORTS.activityCsv.route, requireAuth(verifier), async (req, res) => {
    const me = await currentUser(db, getAuth(req));
    const { organisation } = await managingMembership(db, String(req.params.orgId), me.id, 'admin');
    await sendActivityCsv(db, organisation, statsRangeQuery.parse(req.query), res);
  });
  return router;
}

/** Teams for the admin console: the list with search and paging, and one team with its members. */
export function adminOrganisationsRouter(db: Db<IdentitySchema>, verifier: TokenVerifier): Router {
  const router = Router();
  router.use(ADMIN.organisations.route, adminGuard(db, verifier));
  router.get(ADMIN.organisations.route, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await listOrganisationsForAdmin(db, adminOrganisationListQuery.parse(req.query)));
  });
  router.get(ADMIN.organisation.route, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await organisationForAdmin(db, String(req.params.orgId)));
  });
  return router;
}
