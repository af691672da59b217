import {
  DEFAULT_KNOWLEDGE_TOKEN_BUDGET,
  defaultKnowledgeTokenBudget,
  KNOWLEDGE_FILES_PER_AGENT,
  type KnowledgeFile,
  type KnowledgeFileKind,
  type KnowledgeSettings,
} from '@agentdock/contracts';
import { type AdminActor, type Db, recordAdminAction, type ServiceContext } from '@agentdock/service-data';
import { and, asc, eq, sql } from '@agentdock/service-data/orm';
import { NotFoundError } from '@agentdock/service-kit';
import { chatKnowledgeFiles, chatKnowledgePassages, chatKnowledgeSettings } from '../../db/knowledge-schema';
import { type ChatSchema, chatAgents } from '../../db/schema';
import { KnowledgeFileError } from './errors';
import { type ExtractedFile, extractText } from './extract';
import { splitPassages } from './passages';

type FileRow = typeof chatKnowledgeFiles.$inferSelect;

export function toKnowledgeFile(row: FileRow): KnowledgeFile {
  return {
    id: row.id,
    agentId: row.agentId,
    name: row.name,
    kind: row.kind as KnowledgeFileKind,
    sizeBytes: row.sizeBytes,
    pages: row.pages,
    passages: row.passages,
    tokens: row.tokens,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Rows per insert: well under PostgreSQL's 65,535 parameters a statement (six per passage). */
const PASSAGES_PER_INSERT = 2_000;

async function requireAgent(db: Db<ChatSchema>, agentId: string): Promise<{ tier: string }> {
  const [agent] = await db.select({ tier: chatAgents.tier }).from(chatAgents).where(eq(chatAgents.id, agentId));
  if (!agent) throw new NotFoundError(undefined, { code: 'agent_not_found' });
  return agent;
}

async function fileCount(db: Db<ChatSchema>, agentId: string, exceptName: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(chatKnowledgeFiles)
    .where(and(eq(chatKnowledgeFiles.agentId, agentId), sql`${chatKnowledgeFiles.name} <> ${exceptName}`));
  return row?.count ?? 0;
}

export interface UploadInput {
  agentId: string;
  name: string;
  bytes: Uint8Array;
  /** The admin who uploads it: recorded on the file and in the audit trail (none for seeded files). */
  actor?: AdminActor;
}

/** Where a knowledge change is filed in the audit trail: the agent whose knowledge it is. */
const auditTarget = (agentId: string) => `agent:${agentId}`;

/**
 * Adds a file to an agent's knowledge, or replaces the file of the same name. The text is read
 * and split before anything is written; the old file's passages go and the new ones come in one
 * transaction, under a per-agent lock that also keeps the 200-file cap under concurrent uploads.
 * A refused or failed upload leaves the knowledge as it was.
 */
export async function uploadKnowledgeFile(context: Pick<ServiceContext<ChatSchema>, 'db' | 'transaction'>, input: UploadInput): Promise<KnowledgeFile> {
  const { agentId, name } = input;
  await requireAgent(context.db, agentId);
  // Checked first too, so a file over the cap is not read for nothing.
  if ((await fileCount(context.db, agentId, name)) >= KNOWLEDGE_FILES_PER_AGENT) throw new KnowledgeFileError('knowledge_file_limit', name);
  const extracted = await extractText(name, input.bytes);
  return context.transaction(async (tx) => {
    const { file, replaced } = await writeKnowledgeFile(tx, input, extracted);
    if (input.actor) {
      await recordAdminAction(tx, {
        actor: input.actor,
        action: replaced ? 'chat.knowledge.replace' : 'chat.knowledge.upload',
        target: auditTarget(agentId),
        ...(replaced ? { before: toKnowledgeFile(replaced) } : {}),
        after: file,
      });
    }
    return file;
  });
}

/**
 * The writes of an upload, on a transaction's handle: the agent's lock, the cap, the old file of
 * the same name out and the new file and its passages in. (Seeding calls it inside the event
 * consumer's transaction.)
 */
export async function writeKnowledgeFile(tx: Db<ChatSchema>, input: UploadInput, extracted: ExtractedFile): Promise<{ file: KnowledgeFile; replaced: FileRow | null }> {
  const { agentId, name } = input;
  const passages = splitPassages(extracted.pages);
  const tokens = passages.reduce((sum, passage) => sum + passage.tokens, 0);
  // An agent's first file sets its budget by the tier it is sold on (a free wallet must afford a send).
  const { tier } = await requireAgent(tx, agentId);
  await tx
    .insert(chatKnowledgeSettings)
    .values({ agentId, tokenBudget: defaultKnowledgeTokenBudget(tier) })
    .onConflictDoNothing();
  await tx.select({ agentId: chatKnowledgeSettings.agentId }).from(chatKnowledgeSettings).where(eq(chatKnowledgeSettings.agentId, agentId)).for('update');
  if ((await fileCount(tx, agentId, name)) >= KNOWLEDGE_FILES_PER_AGENT) throw new KnowledgeFileError('knowledge_file_limit', name);
  const [replaced] = await tx
    .delete(chatKnowledgeFiles)
    .where(and(eq(chatKnowledgeFiles.agentId, agentId), eq(chatKnowledgeFiles.name, name)))
    .returning();
  const [file] = await tx
    .insert(chatKnowledgeFiles)
    .values({
      agentId,
      name,
      kind: extracted.kind,
      sizeBytes: input.bytes.byteLength,
      pages: extracted.kind === 'pdf' ? extracted.pages.length : 1,
      passages: passages.length,
      tokens,
      uploadedBy: input.actor?.id ?? null,
    })
    .returning();
  for (let start = 0; start < passages.length; start += PASSAGES_PER_INSERT) {
    await tx.insert(chatKnowledgePassages).values(
      passages.slice(start, start + PASSAGES_PER_INSERT).map((passage) => ({
        fileId: file!.id,
        agentId,
        ordinal: passage.ordinal,
        page: passage.page,
        content: passage.text,
        tokens: passage.tokens,
      })),
    );
  }
  return { file: toKnowledgeFile(file!), replaced: replaced ?? null };
}

/**
 * Deletes a file and (by the foreign key, in the same statement) every passage of it: none is
 * retrieved again. The admin's delete is audited in the same transaction.
 */
export async function deleteKnowledgeFile(context: Pick<ServiceContext<ChatSchema>, 'transaction'>, agentId: string, fileId: string, actor?: AdminActor): Promise<void> {
  await context.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(chatKnowledgeFiles)
      .where(and(eq(chatKnowledgeFiles.agentId, agentId), eq(chatKnowledgeFiles.id, fileId)))
      .returning();
    if (!deleted) throw new NotFoundError(undefined, { code: 'knowledge_file_not_found' });
    if (actor) await recordAdminAction(tx, { actor, action: 'chat.knowledge.delete', target: auditTarget(agentId), before: toKnowledgeFile(deleted) });
  });
}

/** Everything an agent's knowledge goes when the agent does. */
export async function deleteAgentKnowledge(db: Db<ChatSchema>, agentId: string): Promise<void> {
  await db.delete(chatKnowledgeFiles).where(eq(chatKnowledgeFiles.agentId, agentId));
  await db.delete(chatKnowledgeSettings).where(eq(chatKnowledgeSettings.agentId, agentId));
}

export async function knowledgeSettingsOf(db: Db<ChatSchema>, agentId: string): Promise<KnowledgeSettings> {
  const [row] = await db.select({ tokenBudget: chatKnowledgeSettings.tokenBudget }).from(chatKnowledgeSettings).where(eq(chatKnowledgeSettings.agentId, agentId));
  return { tokenBudget: row?.tokenBudget ?? DEFAULT_KNOWLEDGE_TOKEN_BUDGET };
}

export async function listKnowledgeFiles(db: Db<ChatSchema>, agentId: string): Promise<{ files: KnowledgeFile[]; settings: KnowledgeSettings }> {
  await requireAgent(db, agentId);
  const rows = await db.select().from(chatKnowledgeFiles).where(eq(chatKnowledgeFiles.agentId, agentId)).orderBy(asc(chatKnowledgeFiles.name));
  return { files: rows.map(toKnowledgeFile), settings: await knowledgeSettingsOf(db, agentId) };
}

/** The retrieval budget is part of what a send costs: an admin's change is audited with the one it replaced. */
export async function setKnowledgeSettings(
  context: Pick<ServiceContext<ChatSchema>, 'db' | 'transaction'>,
  agentId: string,
  settings: KnowledgeSettings,
  actor?: AdminActor,
): Promise<KnowledgeSettings> {
  await requireAgent(context.db, agentId);
  return context.transaction(async (tx) => {
    const before = await knowledgeSettingsOf(tx, agentId);
    await tx
      .insert(chatKnowledgeSettings)
      .values({ agentId, tokenBudget: settings.tokenBudget })
      .onConflictDoUpdate({ target: chatKnowledgeSettings.agentId, set: { tokenBudget: settings.tokenBudget } });
    if (actor) await recordAdminAction(tx, { actor, action: 'chat.knowledge.settings', target: auditTarget(agentId), before, after: settings });
    return settings;
  });
}
