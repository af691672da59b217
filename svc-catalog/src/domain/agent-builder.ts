import { type AgentBehaviour, type AgentBehaviourInput, type AgentBuilder, agentBehaviour, agentPublishedV1, emptyBehaviour, lineDiff } from '@agentdock/contracts';
import { type AdminActor, type Db, recordAdminAction, type ServiceContext, type Tx } from '@agentdock/service-data';
import { and, desc, eq } from '@agentdock/service-data/orm';
import { type AgentRow, agents, agentVersions, type AgentVersionRow, type CatalogSchema } from '../db/schema';
import { CatalogError } from './errors';
import type { CatalogWriter } from './writer';

/**
 * An agent's behaviour as a product: edits go to a draft, Publish freezes the draft as the next
 * version and makes it live, Restore publishes an earlier version's behaviour again as a new
 * version. Every version is kept; svc-chat learns of each through `catalog.agent.published`.
 */

/** What the builder writes with: a transaction that relays its events, and the handle to read back. */
export type BuilderDeps = CatalogWriter & Pick<ServiceContext<CatalogSchema>, 'db'>;

/** The system's own publishes (seeding) name this actor. */
export const SYSTEM_ACTOR: AdminActor = { id: 'system', email: null };

function toVersion(row: AgentVersionRow) {
  return {
    version: row.version,
    behaviour: agentBehaviour.parse(row.behaviour),
    publishedAt: row.publishedAt.toISOString(),
    publishedBy: { id: row.publishedById, email: row.publishedByEmail },
    restoredFrom: row.restoredFrom,
  };
}

async function lockedAgent(tx: Tx<CatalogSchema>, agentId: string): Promise<AgentRow> {
  const [row] = await tx.select().from(agents).where(eq(agents.id, agentId)).for('update');
  if (!row) throw new CatalogError('agent_not_found', `No agent with id "${agentId}"`);
  return row;
}

async function versionRow(db: Db<CatalogSchema> | Tx<CatalogSchema>, agentId: string, version: number | null): Promise<AgentVersionRow | undefined> {
  if (version === null) return undefined;
  const [row] = await db
    .select()
    .from(agentVersions)
    .where(and(eq(agentVersions.agentId, agentId), eq(agentVersions.version, version)));
  return row;
}

/** The draft (the live version's behaviour while never edited), the live version and every version, newest first. */
export async function agentBuilderOf(db: Db<CatalogSchema>, agentId: string): Promise<AgentBuilder> {
  const [row] = await db.select().from(agents).where(eq(agents.id, agentId));
  if (!row) throw new CatalogError('agent_not_found', `No agent with id "${agentId}"`);
  const versions = (await db.select().from(agentVersions).where(eq(agentVersions.agentId, agentId)).orderBy(desc(agentVersions.version))).map(toVersion);
  const live = versions.find((version) => version.version === row.publishedVersion);
  return {
    agentId,
    draft: row.draft ? agentBehaviour.parse(row.draft) : (live?.behaviour ?? emptyBehaviour()),
    draftUpdatedAt: row.draftUpdatedAt?.toISOString() ?? null,
    publishedVersion: row.publishedVersion,
    versions,
  };
}

/** Saves the whole draft; customers see nothing of it until it is published. */
export async function saveDraft(writer: BuilderDeps, actor: AdminActor, agentId: string, draft: AgentBehaviour): Promise<AgentBuilder> {
  await writer.transaction(async (tx) => {
    const row = await lockedAgent(tx, agentId);
    await tx.update(agents).set({ draft, draftUpdatedAt: new Date() }).where(eq(agents.id, agentId));
    const before = row.draft ?? null;
    await recordAdminAction(tx, {
      actor,
      action: 'agent.draft',
      target: `agent:${row.key}`,
      before,
      after: { ...draft, instructionsDiff: lineDiff(before?.instructions ?? '', draft.instructions) },
    });
  });
  return agentBuilderOf(writer.db, agentId);
}

/**
 * Freezes `behaviour` as the agent's next version and makes it live, in one transaction with its
 * event and its audit entry (which carries a line diff of the instructions against the version
 * it replaces).
 */
export async function publishBehaviour(
  writer: CatalogWriter,
  tx: Tx<CatalogSchema>,
  actor: AdminActor,
  row: AgentRow,
  behaviour: AgentBehaviour,
  restoredFrom: number | null = null,
): Promise<number> {
  const [latest] = await tx.select({ version: agentVersions.version }).from(agentVersions).where(eq(agentVersions.agentId, row.id)).orderBy(desc(agentVersions.version)).limit(1);
  const version = (latest?.version ?? 0) + 1;
  const previous = await versionRow(tx, row.id, row.publishedVersion);
  const now = new Date();
  await tx.insert(agentVersions).values({ agentId: row.id, version, behaviour, publishedAt: now, publishedById: actor.id, publishedByEmail: actor.email ?? null, restoredFrom });
  await tx.update(agents).set({ publishedVersion: version, draft: behaviour, draftUpdatedAt: now }).where(eq(agents.id, row.id));
  await writer.enqueue(tx, agentPublishedV1, {
    agentId: row.id,
    key: row.key,
    version,
    behaviour,
    publishedAt: now.toISOString(),
    publishedBy: { id: actor.id, email: actor.email ?? null },
  });
  // The system's own first versions (seeding) are no admin's action.
  if (actor === SYSTEM_ACTOR) return version;
  await recordAdminAction(tx, {
    actor,
    action: restoredFrom === null ? 'agent.publish' : 'agent.restore',
    target: `agent:${row.key}`,
    before: previous ? { version: previous.version, ...previous.behaviour } : null,
    after: { version, restoredFrom, ...behaviour, instructionsDiff: lineDiff(previous?.behaviour.instructions ?? '', behaviour.instructions) },
  });
  return version;
}

/** Publishes the draft as the next version. */
export async function publishDraft(writer: BuilderDeps, actor: AdminActor, agentId: string): Promise<AgentBuilder> {
  await writer.transaction(async (tx) => {
    const row = await lockedAgent(tx, agentId);
    const live = await versionRow(tx, agentId, row.publishedVersion);
    await publishBehaviour(writer, tx, actor, row, agentBehaviour.parse(row.draft ?? live?.behaviour ?? {}));
  });
  return agentBuilderOf(writer.db, agentId);
}

/** Publishes an earlier version's behaviour again, as a new version (the history only grows). */
export async function restoreVersion(writer: BuilderDeps, actor: AdminActor, agentId: string, version: number): Promise<AgentBuilder> {
  await writer.transaction(async (tx) => {
    const row = await lockedAgent(tx, agentId);
    const earlier = await versionRow(tx, agentId, version);
    if (!earlier) throw new CatalogError('agent_version_not_found', `Agent "${row.key}" has no version ${version}`);
    await publishBehaviour(writer, tx, actor, row, agentBehaviour.parse(earlier.behaviour), version);
  });
  return agentBuilderOf(writer.db, agentId);
}

/** A seeded agent's first version, unless it has one (or was deleted): undefined when nothing was published. */
export async function publishSeedBehaviour(writer: CatalogWriter, tx: Tx<CatalogSchema>, key: string, input: AgentBehaviourInput): Promise<{ version: number } | undefined> {
  const [row] = await tx.select().from(agents).where(eq(agents.key, key)).for('update');
  if (!row || row.publishedVersion !== null) return undefined;
  return { version: await publishBehaviour(writer, tx, SYSTEM_ACTOR, row, agentBehaviour.parse(input)) };
}

/** The live version's starters for the public lists: the only part of a behaviour customers see. */
export async function liveStarters(db: Db<CatalogSchema>): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ agentId: agentVersions.agentId, behaviour: agentVersions.behaviour })
    .from(agentVersions)
    .innerJoin(agents, and(eq(agents.id, agentVersions.agentId), eq(agents.publishedVersion, agentVersions.version)));
  return new Map(rows.map((row) => [row.agentId, row.behaviour.starters ?? []]));
}
