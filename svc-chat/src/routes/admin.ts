import {
  adminMessagesQuery,
  CHAT_ADMIN_ENDPOINTS,
  CHAT_STATEMENT_ENDPOINTS,
  adminWalletsQuery,
  messageRefund,
  statementCsvQuery,
  statementQuery,
  walletAdjustment,
  walletBalance,
} from '@agentdock/contracts';
import { requireAdmin } from '@agentdock/service-kit';
import { adminActorOf, type ServiceContext } from '@agentdock/service-data';
import { Router } from 'express';
import { z } from 'zod';
import type { ChatSchema } from '../db/schema';
import { adjustWallet, recentReplies, refundMessage } from '../domain/admin';
import { statementOf } from '../domain/statement/statement';
import { sendStatementCsv } from '../domain/statement/statement-csv';
import { findWallets, toWallet, walletRow } from '../domain/wallet';

const userParams = z.object({ userId: z.uuid('Not a valid user id') });
const messageParams = z.object({ messageId: z.uuid('Not a valid message id') });

/** Wallet and reply tools for the admin console (401 anonymous, 403 non-admin or suspended). */
export function chatAdminRouter(context: ServiceContext<ChatSchema>): Router {
  const router = Router();
  router.use(requireAdmin(context.verifier));

  router.get(CHAT_ADMIN_ENDPOINTS.wallets.route, async (req, res) => {
    const { userIds } = adminWalletsQuery.parse(req.query);
    res.json({ wallets: await findWallets(context.db, userIds) });
  });

  router.post(CHAT_ADMIN_ENDPOINTS.adjustWallet.route, async (req, res) => {
    const { userId } = userParams.parse(req.params);
    const body = walletAdjustment.parse(req.body);
    res.json({ wallet: await adjustWallet(context, { userId, ...body, actor: adminActorOf(req) }) });
  });

  router.get(CHAT_ADMIN_ENDPOINTS.recentReplies.route, async (req, res) => {
    const { userId } = userParams.parse(req.params);
    const { limit, organisationId } = adminMessagesQuery.parse(req.query);
    res.json({ messages: await recentReplies(context, userId, limit, organisationId) });
  });

  router.post(CHAT_ADMIN_ENDPOINTS.refund.route, async (req, res) => {
    const { messageId } = messageParams.parse(req.params);
    const { reason } = messageRefund.parse(req.body);
    res.json({ wallet: await refundMessage(context, { messageId, reason, actor: adminActorOf(req) }) });
  });

  router.get(CHAT_STATEMENT_ENDPOINTS.customer.route, async (req, res) => {
    const { userId } = userParams.parse(req.params);
    const query = statementQuery.parse(req.query);
    const row = await walletRow(context.db, userId);
    res.json(await statementOf(context.db, userId, query, row ? walletBalance(toWallet(row)).total : 0));
  });

  router.get(CHAT_STATEMENT_ENDPOINTS.customerCsv.route, async (req, res) => {
    const { userId } = userParams.parse(req.params);
    await sendStatementCsv(context.db, userId, statementCsvQuery.parse(req.query), res);
  });

  return router;
}
