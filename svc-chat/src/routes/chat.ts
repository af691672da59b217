import { CHAT_ENDPOINTS, type ChatStreamEventName, chatSendRequest } from '@agentdock/contracts';
import { getAuth, getRequestId, requireAuth } from '@agentdock/service-kit';
import { Router } from 'express';
import { z } from 'zod';
import { agentForUser, listAgentsFor } from '../domain/agents';
import { completeSend, prepareSend, type SendDeps } from '../domain/chat';
import { historyFor, usageFor } from '../domain/history';
import { ensureWallet, toWallet } from '../domain/wallet';

const agentParams = z.object({ agentId: z.uuid('Not a valid agent id') });

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

  // The tier comes from the verified token, never from the request.
  router.get(CHAT_ENDPOINTS.agents.route, async (req, res) => {
    res.json({ agents: await listAgentsFor(context.db, getAuth(req).tier), provider: { name: deps.provider.name, demo: deps.provider.demo } });
  });

  router.get(CHAT_ENDPOINTS.history.route, async (req, res) => {
    const auth = getAuth(req);
    const { agentId } = agentParams.parse(req.params);
    await agentForUser(context.db, agentId, auth.tier);
    res.json({ messages: await historyFor(context.db, auth.sub, agentId) });
  });

  router.post(CHAT_ENDPOINTS.send.route, async (req, res) => {
    const auth = getAuth(req);
    const { agentId } = agentParams.parse(req.params);
    const { message } = chatSendRequest.parse(req.body);
    // Refusals (tier, credits, API calls) are ordinary JSON errors: nothing has streamed yet.
    const prepared = await prepareSend(deps, { userId: auth.sub, tier: auth.tier, agentId, message });
    const abort = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) abort.abort();
    });
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no', connection: 'keep-alive' });
    res.flushHeaders();
    const send = (event: ChatStreamEventName, data: unknown) => {
      if (!res.writableEnded && !res.destroyed) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    send('waiting', { status: 'waiting' });
    const result = await completeSend(
      deps,
      {
        userId: auth.sub,
        tier: auth.tier,
        agentId,
        message,
        requestId: getRequestId(req),
        signal: abort.signal,
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
