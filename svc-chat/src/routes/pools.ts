import { CHAT_POOL_ENDPOINTS, memberCapRequest } from '@agentdock/contracts';
import { getAuth, requireAuth } from '@agentdock/service-kit';
import type { ServiceContext } from '@agentdock/service-data';
import { Router } from 'express';
import { z } from 'zod';
import type { ChatSchema } from '../db/schema';
import { requirePoolManager, setMemberCap } from '../domain/pools/members';
import { teamPoolFor, toPoolMember } from '../domain/pools/view';
import { walletRow } from '../domain/wallet';

const notATeam = 'No such team, or you are not a member of it.';
const poolParams = z.object({ orgId: z.string().uuid(notATeam) });
const memberParams = poolParams.extend({ userId: z.string().uuid('No member with this id in the team.') });

/** A team's credit pool and its members' caps, for its members. */
export function poolRouter(context: ServiceContext<ChatSchema>): Router {
  const router = Router();
  const signedIn = requireAuth(context.verifier);

  router.get(CHAT_POOL_ENDPOINTS.pool.route, signedIn, async (req, res) => {
    const { orgId } = poolParams.parse(req.params);
    res.json(await teamPoolFor(context.db, orgId, getAuth(req).sub));
  });

  router.put(CHAT_POOL_ENDPOINTS.setMemberCap.route, signedIn, async (req, res) => {
    const { orgId, userId } = memberParams.parse(req.params);
    // Who may set caps is judged before the body, so a stranger learns nothing from its validation.
    await requirePoolManager(context.db, orgId, getAuth(req).sub);
    const { monthlyCap } = memberCapRequest.parse(req.body);
    const row = await setMemberCap(context.db, { organisationId: orgId, actorId: getAuth(req).sub, memberId: userId, monthlyCap });
    res.json(toPoolMember(row, (await walletRow(context.db, orgId))?.periodStart ?? null));
  });

  return router;
}
