import { agentDraftInput, CATALOG_ADMIN_ENDPOINTS } from '@agentdock/contracts';
import { requireAdmin } from '@agentdock/service-kit';
import { adminActorOf, type ServiceContext } from '@agentdock/service-data';
import { Router } from 'express';
import { z } from 'zod';
import type { CatalogSchema } from '../db/schema';
import { agentBuilderOf, publishDraft, restoreVersion, saveDraft } from '../domain/agent-builder';
import { recordParams } from './params';

const versionParams = recordParams.extend({ version: z.coerce.number().int('Not a version number').min(1, 'Not a version number') });

/** The agent builder (admins only): draft, publish, restore. Its answers carry the private instructions. */
export function agentBuilderRouter(context: ServiceContext<CatalogSchema>): Router {
  const router = Router();
  const adminOnly = requireAdmin(context.verifier);

  router.get(CATALOG_ADMIN_ENDPOINTS.agentBuilder.route, adminOnly, async (req, res) => {
    res.json(await agentBuilderOf(context.db, recordParams.parse(req.params).id));
  });

  router.put(CATALOG_ADMIN_ENDPOINTS.saveAgentDraft.route, adminOnly, async (req, res) => {
    res.json(await saveDraft(context, adminActorOf(req), recordParams.parse(req.params).id, agentDraftInput.parse(req.body)));
  });

  router.post(CATALOG_ADMIN_ENDPOINTS.publishAgent.route, adminOnly, async (req, res) => {
    res.json(await publishDraft(context, adminActorOf(req), recordParams.parse(req.params).id));
  });

  router.post(CATALOG_ADMIN_ENDPOINTS.restoreAgentVersion.route, adminOnly, async (req, res) => {
    const { id, version } = versionParams.parse(req.params);
    res.json(await restoreVersion(context, adminActorOf(req), id, version));
  });

  return router;
}
