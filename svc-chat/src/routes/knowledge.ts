import type { Readable } from 'node:stream';
import { CHAT_KNOWLEDGE_ENDPOINTS, KNOWLEDGE_ADMIN_ENDPOINTS, KNOWLEDGE_FILE_MAX_BYTES, knowledgeFileName, knowledgeSettings } from '@agentdock/contracts';
import { adminActorOf, type ServiceContext } from '@agentdock/service-data';
import { getAuth, requireAdmin, requireAuth } from '@agentdock/service-kit';
import { type Request, Router } from 'express';
import { z } from 'zod';
import type { ChatSchema } from '../db/schema';
import { citedPassage } from '../domain/knowledge/cited';
import { KnowledgeFileError } from '../domain/knowledge/errors';
import { deleteKnowledgeFile, listKnowledgeFiles, setKnowledgeSettings, uploadKnowledgeFile } from '../domain/knowledge/files';

const agentParams = z.object({ agentId: z.uuid('Not a valid agent id') });
const fileParams = agentParams.extend({ fileId: z.uuid('Not a valid file id') });
const passageParams = z.object({ passageId: z.uuid('Not a valid passage id') });

/**
 * The upload's bytes, read only up to one past the limit: a larger file is refused by name
 * without holding 20 MB more of it. The gateway leaves this route's size to the service for that reason.
 */
async function fileBytes(req: Request, fileName: string): Promise<Uint8Array> {
  if (Number(req.headers['content-length'] ?? 0) > KNOWLEDGE_FILE_MAX_BYTES) throw new KnowledgeFileError('knowledge_file_too_large', fileName);
  // A JSON body was parsed already: the file must come as bytes (the console sends application/octet-stream).
  if (req.readableEnded) throw new KnowledgeFileError('knowledge_file_type', fileName);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as Readable) {
    size += (chunk as Buffer).byteLength;
    if (size > KNOWLEDGE_FILE_MAX_BYTES) throw new KnowledgeFileError('knowledge_file_too_large', fileName);
    chunks.push(chunk as Buffer);
  }
  return new Uint8Array(Buffer.concat(chunks, size));
}

/** An agent's knowledge files for the console (401 anonymous, 403 anyone but an admin). */
export function knowledgeAdminRouter(context: ServiceContext<ChatSchema>): Router {
  const router = Router();
  const admin = requireAdmin(context.verifier);

  router.get(KNOWLEDGE_ADMIN_ENDPOINTS.files.route, admin, async (req, res) => {
    const { agentId } = agentParams.parse(req.params);
    res.json(await listKnowledgeFiles(context.db, agentId));
  });

  router.put(KNOWLEDGE_ADMIN_ENDPOINTS.upload.route, admin, async (req, res) => {
    const { agentId } = agentParams.parse(req.params);
    const name = knowledgeFileName.parse(req.params.fileName);
    const bytes = await fileBytes(req, name);
    res.json({ file: await uploadKnowledgeFile(context, { agentId, name, bytes, actor: adminActorOf(req) }) });
  });

  router.delete(KNOWLEDGE_ADMIN_ENDPOINTS.remove.route, admin, async (req, res) => {
    const { agentId, fileId } = fileParams.parse(req.params);
    await deleteKnowledgeFile(context, agentId, fileId, adminActorOf(req));
    res.status(204).end();
  });

  router.put(KNOWLEDGE_ADMIN_ENDPOINTS.settings.route, admin, async (req, res) => {
    const { agentId } = agentParams.parse(req.params);
    res.json(await setKnowledgeSettings(context, agentId, knowledgeSettings.parse(req.body), adminActorOf(req)));
  });

  return router;
}

/** A customer opens a passage one of their replies cited. */
export function passageRouter(context: ServiceContext<ChatSchema>): Router {
  const router = Router();
  router.get(CHAT_KNOWLEDGE_ENDPOINTS.passage.route, requireAuth(context.verifier), async (req, res) => {
    const { passageId } = passageParams.parse(req.params);
    res.json({ passage: await citedPassage(context.db, getAuth(req).sub, passageId) });
  });
  return router;
}
