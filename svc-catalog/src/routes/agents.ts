import { agentInput, agentPatch, CATALOG_ADMIN_ENDPOINTS, CATALOG_ENDPOINTS } from '@agentdock/contracts';
import { getAuth, requireAdmin, requireAuth } from '@agentdock/service-kit';
import { adminActorOf, type ServiceContext } from '@agentdock/service-data';
import { Router } from 'express';
import type { CatalogSchema } from '../db/schema';
import { createAgent, deleteAgent, listActiveAgents, listAllAgents, listAvailableAgents, updateAgent } from '../domain/agents';
import { recordParams } from './params';

/** The public catalogue, the signed-in user's agent list (by verified tier) and admin CRUD. */
export function agentsRouter(context: ServiceContext<CatalogSchema>): Router {
  const router = Router();
  const adminOnly = requireAdmin(context.verifier);
  const signedIn = requireAuth(context.verifier);

  router.get(CATALOG_ENDPOINTS.agents.route, async (_req, res) => {
    res.json({ agents: await listActiveAgents(context.db) });
  });

  // The tier comes from the verified token, never from the request: a user cannot widen their list.
  router.get(CATALOG_ENDPOINTS.availableAgents.route, signedIn, async (req, res) => {
    res.json({ agents: await listAvailableAgents(context.db, getAuth(req).tier) });
  });

  router.get(CATALOG_ADMIN_ENDPOINTS.agents.route, adminOnly, async (_req, res) => {
    res.json({ agents: await listAllAgents(context.db) });
  });

  router.post(CATALOG_ADMIN_ENDPOINTS.createAgent.route, adminOnly, async (req, res) => {
    res.status(201).json(await createAgent(context, adminActorOf(req), agentInput.parse(req.body)));
  });

  router.patch(CATALOG_ADMIN_ENDPOINTS.updateAgent.route, adminOnly, async (req, res) => {
    res.json(await updateAgent(context, adminActorOf(req), recordParams.parse(req.params).id, agentPatch.parse(req.body)));
  });

  router.delete(CATALOG_ADMIN_ENDPOINTS.deleteAgent.route, adminOnly, async (req, res) => {
    await deleteAgent(context, adminActorOf(req), recordParams.parse(req.params).id);
    res.status(204).end();
  });

  return router;
}
