import { CHAT_ADMIN_ENDPOINTS, connectionInput, connectionPatch, draftTestRequest } from '@agentdock/contracts';
import { AppError, requireAdmin } from '@agentdock/service-kit';
import { adminActorOf } from '@agentdock/service-data';
import { Router } from 'express';
import { z } from 'zod';
import type { SendDeps } from '../domain/chat';
import { connectionRow, createConnection, deleteConnection, listConnections, makeDefaultConnection, updateConnection } from '../domain/connections';
import { runDraftTest } from '../domain/draft-test';
import { knowledgeForSend, providerPassages } from '../domain/knowledge/for-send';
import type { ConnectionSettings } from '../providers/connection-directory';
import { listModels, testConnection } from '../providers/connection-probe';
import { ProviderError } from '../providers/provider';
import { stopWhenCallerLeaves } from '../stop';

const connectionParams = z.object({ id: z.uuid('Not a valid connection id') });
const agentParams = z.object({ agentId: z.uuid('Not a valid agent id') });

/** Model connections and the draft test chat (admins only; 401 anonymous, 403 non-admin). */
export function connectionsRouter(deps: SendDeps, settings: ConnectionSettings): Router {
  const { context } = deps;
  const router = Router();
  router.use(requireAdmin(context.verifier));
  const id = (params: unknown) => connectionParams.parse(params).id;

  router.get(CHAT_ADMIN_ENDPOINTS.connections.route, async (_req, res) => {
    res.json({ connections: await listConnections(context.db) });
  });
  router.post(CHAT_ADMIN_ENDPOINTS.createConnection.route, async (req, res) => {
    res.status(201).json(await createConnection(context, settings, adminActorOf(req), connectionInput.parse(req.body)));
  });
  router.patch(CHAT_ADMIN_ENDPOINTS.updateConnection.route, async (req, res) => {
    res.json(await updateConnection(context, settings, adminActorOf(req), id(req.params), connectionPatch.parse(req.body)));
  });
  router.delete(CHAT_ADMIN_ENDPOINTS.deleteConnection.route, async (req, res) => {
    await deleteConnection(context, adminActorOf(req), id(req.params));
    res.status(204).end();
  });
  router.post(CHAT_ADMIN_ENDPOINTS.makeDefaultConnection.route, async (req, res) => {
    res.json(await makeDefaultConnection(context, adminActorOf(req), id(req.params)));
  });
  router.get(CHAT_ADMIN_ENDPOINTS.connectionModels.route, async (req, res) => {
    const row = await connectionRow(context.db, id(req.params));
    try {
      res.json({ models: await listModels(settings, row) });
    } catch (error) {
      if (error instanceof ProviderError) throw new AppError('connection_failed', `The connection's model list could not be read: ${error.message}`);
      throw error;
    }
  });
  router.post(CHAT_ADMIN_ENDPOINTS.testConnection.route, async (req, res) => {
    res.json(await testConnection(settings, await connectionRow(context.db, id(req.params))));
  });
  router.post(CHAT_ADMIN_ENDPOINTS.draftTest.route, async (req, res) => {
    const { agentId } = agentParams.parse(req.params);
    const left = stopWhenCallerLeaves(res);
    const body = draftTestRequest.parse(req.body);
    // The draft answers from the agent's knowledge as a published version would (nothing is charged here).
    const knowledge = await knowledgeForSend(context.db, agentId, body.message);
    res.json(await runDraftTest(deps, agentId, body, left, providerPassages(knowledge)));
  });
  return router;
}
