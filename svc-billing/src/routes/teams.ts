import { BILLING_TEAM_ENDPOINTS, type RedirectResponse, seatChangeRequest, teamCheckoutRequest } from '@agentdock/contracts';
import { getAuth, requireAuth } from '@agentdock/service-kit';
import { type ServiceContext } from '@agentdock/service-data';
import { type Request, Router } from 'express';
import { z } from 'zod';
import type { BillingSchema } from '../db/schema';
import type { BillingDeps } from '../domain/billing';
import { changeSeats, openTeamPortal, previewSeatChange, startTeamCheckout, teamBilling } from '../domain/team-billing';
import { requireTeamManager } from '../domain/team-roles';

const teamParams = z.object({ orgId: z.string().uuid('No such team, or you are not a member of it.') });

/** A team's subscription and seats: its owner and admins only, judged from billing's copy of the team's roles. */
export function teamBillingRouter(context: ServiceContext<BillingSchema>, deps: BillingDeps): Router {
  const router = Router();
  const signedIn = requireAuth(context.verifier);
  /** The team of the path, once the caller is known to manage it: a stranger learns nothing from how a body is judged. */
  const managedTeam = async (req: Request) => {
    const { orgId } = teamParams.parse(req.params);
    await requireTeamManager(context.db, orgId, getAuth(req).sub);
    return orgId;
  };

  router.get(BILLING_TEAM_ENDPOINTS.teamBilling.route, signedIn, async (req, res) => {
    res.json(await teamBilling(context.db, await managedTeam(req)));
  });

  router.post(BILLING_TEAM_ENDPOINTS.teamCheckout.route, signedIn, async (req, res) => {
    const orgId = await managedTeam(req);
    const url = await startTeamCheckout(context, deps, getAuth(req), orgId, teamCheckoutRequest.parse(req.body));
    res.json({ url } satisfies RedirectResponse);
  });

  router.post(BILLING_TEAM_ENDPOINTS.teamPortal.route, signedIn, async (req, res) => {
    res.json({ url: await openTeamPortal(context, deps, await managedTeam(req)) } satisfies RedirectResponse);
  });

  router.post(BILLING_TEAM_ENDPOINTS.previewSeats.route, signedIn, async (req, res) => {
    const orgId = await managedTeam(req);
    res.json(await previewSeatChange(context, deps, orgId, seatChangeRequest.parse(req.body)));
  });

  router.post(BILLING_TEAM_ENDPOINTS.changeSeats.route, signedIn, async (req, res) => {
    const orgId = await managedTeam(req);
    res.json(await changeSeats(context, deps, orgId, seatChangeRequest.parse(req.body)));
  });

  return router;
}
