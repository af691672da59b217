import { CATALOG_ADMIN_ENDPOINTS, CATALOG_ENDPOINTS, contentSectionInput, contentSectionPatch, contentSectionType } from '@agentdock/contracts';
import { requireAdmin } from '@agentdock/service-kit';
import { adminActorOf, type ServiceContext } from '@agentdock/service-data';
import { Router } from 'express';
import { z } from 'zod';
import type { CatalogSchema } from '../db/schema';
import { createContent, listActiveContent, listAllContent, updateContent } from '../domain/content';
import { CatalogError } from '../domain/errors';
import { recordParams } from './params';

const contentQuery = z.object({ slot: z.string().min(1).max(64).optional(), sectionType: z.optional(contentSectionType) });

/** Public reads of active sections; admin create and edit. There is no delete (spec §6). */
export function contentRouter(context: ServiceContext<CatalogSchema>): Router {
  const router = Router();
  const adminOnly = requireAdmin(context.verifier);

  router.get(CATALOG_ENDPOINTS.content.route, async (req, res) => {
    res.json({ sections: await listActiveContent(context.db, contentQuery.parse(req.query)) });
  });

  router.get(CATALOG_ADMIN_ENDPOINTS.content.route, adminOnly, async (_req, res) => {
    res.json({ sections: await listAllContent(context.db) });
  });

  router.post(CATALOG_ADMIN_ENDPOINTS.createContent.route, adminOnly, async (req, res) => {
    res.status(201).json(await createContent(context, adminActorOf(req), contentSectionInput.parse(req.body)));
  });

  router.patch(CATALOG_ADMIN_ENDPOINTS.updateContent.route, adminOnly, async (req, res) => {
    res.json(await updateContent(context, adminActorOf(req), recordParams.parse(req.params).id, contentSectionPatch.parse(req.body)));
  });

  router.delete(CATALOG_ADMIN_ENDPOINTS.deleteContent.route, adminOnly, () => {
    throw new CatalogError('content_not_deletable', undefined, {
      headers: { Allow: 'PATCH' },
    });
  });

  return router;
}
