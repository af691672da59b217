import {
  adminPoolsQuery,
  CHAT_ADMIN_POOL_ENDPOINTS,
  CHAT_POOL_ENDPOINTS,
  CHAT_POOL_STATEMENT_ENDPOINTS,
  memberCapRequest,
  poolUsageQuery,
  poolUsageRange,
  statementCsvQuery,
  statementQuery,
} from '@agentdock/contracts';
import { getAuth, requireAdmin, requireAuth } from '@agentdock/service-kit';
import type { ServiceContext } from '@agentdock/service-data';
import { Router } from 'express';
import { z } from 'zod';
import type { ChatSchema } from '../db/schema';
import { poolMember, requirePoolManager, setMemberCap } from '../domain/pools/members';
import { statementOf } from '../domain/statement/statement';
import { sendStatementCsv } from '../domain/statement/statement-csv';
import { currentPeriodRange, poolUsageFor } from '../domain/pools/usage';
import { adminPoolBalances, adminTeamPool, teamPoolFor, toPoolMember } from '../domain/pools/view';
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

  /** Owners and admins answer for the whole pool; a member sees what they spent of it. */
  const statementMember = async (orgId: string, userId: string) => {
    const caller = await poolMember(context.db, orgId, userId);
    return caller.role === 'member' ? caller.userId : null;
  };

  router.get(CHAT_POOL_STATEMENT_ENDPOINTS.poolStatement.route, signedIn, async (req, res) => {
    const { orgId } = poolParams.parse(req.params);
    const memberId = await statementMember(orgId, getAuth(req).sub);
    const query = statementQuery.parse(req.query);
    const wallet = await walletRow(context.db, orgId);
    res.json(await statementOf(context.db, orgId, query, wallet ? wallet.creditsRemaining + wallet.purchasedCredits : 0, memberId));
  });

  router.get(CHAT_POOL_STATEMENT_ENDPOINTS.poolStatementCsv.route, signedIn, async (req, res) => {
    const { orgId } = poolParams.parse(req.params);
    const memberId = await statementMember(orgId, getAuth(req).sub);
    await sendStatementCsv(context.db, orgId, statementCsvQuery.parse(req.query), res, memberId);
  });

  router.get(CHAT_POOL_ENDPOINTS.usage.route, signedIn, async (req, res) => {
    const { orgId } = poolParams.parse(req.params);
    // Membership before the query, so a stranger learns nothing from its validation.
    await poolMember(context.db, orgId, getAuth(req).sub);
    const range = poolUsageRange(poolUsageQuery.parse(req.query)) ?? (await currentPeriodRange(context.db, orgId));
    res.set('Cache-Control', 'no-store').json(await poolUsageFor(context.db, orgId, getAuth(req).sub, range));
  });

  return router;
}

/** Team pools for the admin console (401 anonymous, 403 non-admin or suspended); mounted under the admin base. */
export function poolAdminRouter(context: ServiceContext<ChatSchema>): Router {
  const router = Router();
  router.use(CHAT_ADMIN_POOL_ENDPOINTS.pools.route, requireAdmin(context.verifier));

  router.get(CHAT_ADMIN_POOL_ENDPOINTS.pools.route, async (req, res) => {
    const { organisationIds } = adminPoolsQuery.parse(req.query);
    res.json({ pools: await adminPoolBalances(context.db, organisationIds) });
  });

  router.get(CHAT_ADMIN_POOL_ENDPOINTS.pool.route, async (req, res) => {
    const { orgId } = poolParams.parse(req.params);
    res.json(await adminTeamPool(context.db, orgId));
  });

  return router;
}
