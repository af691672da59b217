import {
  CHAT_ENDPOINTS,
  CHAT_STATEMENT_ENDPOINTS,
  chatBranchSwitch,
  chatConversationRename,
  chatConversationsQuery,
  type ChatStreamEventName,
  chatSendRequest,
  statementCsvQuery,
  statementQuery,
  walletBalance,
} from '@agentdock/contracts';
import { getAuth, getRequestId, requireAuth } from '@agentdock/service-kit';
import { Router } from 'express';
import { z } from 'zod';
import { agentForUser, listAgentsFor } from '../domain/agents';
import { apiKeyUsageFor } from '../domain/api-keys';
import { shownPath, switchBranch } from '../domain/branches';
import { completeSend, prepareSend, type SendDeps, sendStarted } from '../domain/chat';
import { deleteConversation, latestConversation, listConversations, ownConversation, renameConversation, toConversation } from '../domain/conversations';
import { usageFor } from '../domain/history';
import { statementOf } from '../domain/statement/statement';
import { sendStatementCsv } from '../domain/statement/statement-csv';
import { ensureWallet, tierInForce, toWallet } from '../domain/wallet';
import { stopWhenCallerLeaves } from '../stop';

const agentParams = z.object({ agentId: z.uuid('Not a valid agent id') });
const conversationParams = z.object({ conversationId: z.uuid('Not a valid conversation id') });

/** The signed-in user's wallet, usage, agents, history and the streamed send. */
export function chatRouter(deps: SendDeps): Router {
  const { context } = deps;
  const router = Router();
  router.use(requireAuth(context.verifier));

  router.get(CHAT_ENDPOINTS.wallet.route, async (req, res) => {
    const auth = getAuth(req);
    res.json(toWallet(await ensureWallet(context.db, auth.sub, auth.tier)));
  });

  router.get(CHAT_ENDPOINTS.usage.route, async (req, res) => {
    res.json(await usageFor(context.db, getAuth(req).sub));
  });

  router.get(CHAT_STATEMENT_ENDPOINTS.mine.route, async (req, res) => {
    const auth = getAuth(req);
    const query = statementQuery.parse(req.query);
    // Read (and refilled when due) first, so the statement ends at the balance every screen shows.
    const wallet = toWallet(await ensureWallet(context.db, auth.sub, auth.tier));
    res.json(await statementOf(context.db, auth.sub, query, walletBalance(wallet).total));
  });

  router.get(CHAT_STATEMENT_ENDPOINTS.mineCsv.route, async (req, res) => {
    const auth = getAuth(req);
    const query = statementCsvQuery.parse(req.query);
    // Refilled when due first, like the statement on screen, so the file ends where the screen does.
    await ensureWallet(context.db, auth.sub, auth.tier);
    await sendStatementCsv(context.db, auth.sub, query, res);
  });

  // Metadata of the caller's `/v1` requests only: the keys themselves are svc-identity's.
  router.get(CHAT_ENDPOINTS.apiKeyUsage.route, async (req, res) => {
    res.json({ keys: await apiKeyUsageFor(context.db, getAuth(req).sub) });
  });

  // The tier is the wallet's (or the verified token's), never the request's.
  router.get(CHAT_ENDPOINTS.agents.route, async (req, res) => {
    const auth = getAuth(req);
    const tier = await tierInForce(context.db, auth.sub, auth.tier);
    res.json({ agents: await listAgentsFor(context.db, tier, deps.replyLimits), provider: { name: deps.provider.name, demo: deps.provider.demo } });
  });

  router.get(CHAT_ENDPOINTS.history.route, async (req, res) => {
    const auth = getAuth(req);
    const { agentId } = agentParams.parse(req.params);
    await agentForUser(context.db, agentId, await tierInForce(context.db, auth.sub, auth.tier));
    const conversation = await latestConversation(context.db, auth.sub, agentId);
    res.json(conversation ? { conversation: toConversation(conversation), messages: await shownPath(context.db, conversation) } : { conversation: null, messages: [] });
  });

  router.get(CHAT_ENDPOINTS.conversations.route, async (req, res) => {
    res.json(await listConversations(context.db, getAuth(req).sub, chatConversationsQuery.parse(req.query)));
  });

  router.get(CHAT_ENDPOINTS.conversationMessages.route, async (req, res) => {
    const { conversationId } = conversationParams.parse(req.params);
    const conversation = await ownConversation(context.db, getAuth(req).sub, conversationId);
    res.json({ conversation: toConversation(conversation), messages: await shownPath(context.db, conversation) });
  });

  router.put(CHAT_ENDPOINTS.switchBranch.route, async (req, res) => {
    const { conversationId } = conversationParams.parse(req.params);
    const { messageId } = chatBranchSwitch.parse(req.body);
    const conversation = await switchBranch(context.db, await ownConversation(context.db, getAuth(req).sub, conversationId), messageId);
    res.json({ conversation: toConversation(conversation), messages: await shownPath(context.db, conversation) });
  });

  router.patch(CHAT_ENDPOINTS.renameConversation.route, async (req, res) => {
    const { conversationId } = conversationParams.parse(req.params);
    const { title } = chatConversationRename.parse(req.body);
    res.json({ conversation: await renameConversation(context.db, getAuth(req).sub, conversationId, title) });
  });

  router.delete(CHAT_ENDPOINTS.deleteConversation.route, async (req, res) => {
    const { conversationId } = conversationParams.parse(req.params);
    await deleteConversation(context.db, getAuth(req).sub, conversationId);
    res.status(204).end();
  });

  router.post(CHAT_ENDPOINTS.send.route, async (req, res) => {
    const auth = getAuth(req);
    const { agentId } = agentParams.parse(req.params);
    const { message, conversationId, newConversation, editOf, regenerateOf, imageSize, workspace } = chatSendRequest.parse(req.body);
    // Refusals (tier, credits, API calls, someone else's conversation or message) are ordinary JSON errors: nothing has streamed yet.
    const prepared = await prepareSend(deps, { userId: auth.sub, tier: auth.tier, agentId, message, conversationId, newConversation, editOf, regenerateOf, imageSize, workspace });
    const left = stopWhenCallerLeaves(res);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no', connection: 'keep-alive' });
    res.flushHeaders();
    const send = (event: ChatStreamEventName, data: unknown) => {
      if (!res.writableEnded && !res.destroyed) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    send('waiting', sendStarted(prepared));
    const result = await completeSend(
      deps,
      {
        userId: auth.sub,
        tier: auth.tier,
        agentId,
        message,
        imageSize,
        requestId: getRequestId(req),
        signal: left,
        onWaiting: () => undefined,
        onToken: (text) => send('token', { text }),
      },
      prepared,
    );
    if (result.ok) send('done', result.done);
    else send('error', result.error);
    res.end();
  });

  return router;
}
