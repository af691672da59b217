import { type AdminAgent, type Agent, type AgentInput, type AgentPatch, agentChangedV1, type SubscriptionTier } from '@agentdock/contracts';
import { type AdminActor, type Db, onUniqueViolation, recordAdminAction, type Tx } from '@agentdock/service-data';
import { asc, desc, eq } from '@agentdock/service-data/orm';
import { type AgentRow, agents, type CatalogSchema } from '../db/schema';
import { isAgentVisibleToTier as isAgentVisibleTo } from '@agentdock/contracts';
import { CatalogError } from './errors';
import { withoutUndefined } from './patch';
import { type CatalogWriter, insertPublishing } from './writer';

function toAdminAgent(row: AgentRow): AdminAgent {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    description: row.description,
    features: row.features,
    useCase: row.useCase,
    tier: row.tier,
    isActive: row.isActive,
    providerAgentId: row.providerAgentId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The public shape: everything but the provider's id, which stays on the server. */
function toAgent(row: AgentRow): Agent {
  const { providerAgentId: _serverOnly, ...publicFields } = toAdminAgent(row);
  return publicFields;
}

/** Active agents ordered by name, as the catalogue page (/models) lists them. */
export async function listActiveAgents(db: Db<CatalogSchema>): Promise<Agent[]> {
  const rows = await db.select().from(agents).where(eq(agents.isActive, true)).orderBy(asc(agents.name));
  return rows.map(toAgent);
}

/** The chat's agent list: active agents at or below the caller's verified tier, by name. */
export async function listAvailableAgents(db: Db<CatalogSchema>, userTier: SubscriptionTier | undefined): Promise<Agent[]> {
  return (await listActiveAgents(db)).filter((agent) => isAgentVisibleTo(agent, userTier));
}

/** Every agent, newest first, with provider ids (admin console). */
export async function listAllAgents(db: Db<CatalogSchema>): Promise<AdminAgent[]> {
  const rows = await db.select().from(agents).orderBy(desc(agents.createdAt), asc(agents.key));
  return rows.map(toAdminAgent);
}

/** Inserts an agent and its `created` event; undefined when the key exists and `skipExisting` is set. */
export async function insertAgent(writer: CatalogWriter, tx: Tx<CatalogSchema>, input: AgentInput, skipExisting = false): Promise<AdminAgent | undefined> {
  return insertPublishing(tx.insert(agents).values(input), {
    skipExisting,
    serve: toAdminAgent,
    publish: (agent) => writer.enqueue(tx, agentChangedV1, { change: 'created', agent }),
  });
}

export async function createAgent(writer: CatalogWriter, actor: AdminActor, input: AgentInput): Promise<AdminAgent> {
  return onUniqueViolation(
    () =>
      writer.transaction(async (tx) => {
        const agent = (await insertAgent(writer, tx, input))!;
        await recordAdminAction(tx, { actor, action: 'agent.create', target: `agent:${agent.key}`, after: agent });
        return agent;
      }),
    () => agentKeyTaken(input.key),
  );
}

export async function updateAgent(writer: CatalogWriter, actor: AdminActor, id: string, patch: AgentPatch): Promise<AdminAgent> {
  return onUniqueViolation(
    () =>
      writer.transaction(async (tx) => {
        const [current] = await tx.select().from(agents).where(eq(agents.id, id)).for('update');
        const [row] = await tx
          .update(agents)
          .set({ ...withoutUndefined(patch), updatedAt: new Date() })
          .where(eq(agents.id, id))
          .returning();
        if (!row) throw agentNotFound(id);
        const agent = toAdminAgent(row);
        await writer.enqueue(tx, agentChangedV1, { change: 'updated', agent });
        await recordAdminAction(tx, { actor, action: 'agent.update', target: `agent:${agent.key}`, before: current && toAdminAgent(current), after: agent });
        return agent;
      }),
    // Only the key is unique besides the id, so a violation here means the patch sent a taken key.
    () => agentKeyTaken(patch.key),
  );
}

export async function deleteAgent(writer: CatalogWriter, actor: AdminActor, id: string): Promise<void> {
  await writer.transaction(async (tx) => {
    const [row] = await tx.delete(agents).where(eq(agents.id, id)).returning();
    if (!row) throw agentNotFound(id);
    await writer.enqueue(tx, agentChangedV1, { change: 'deleted', agent: toAdminAgent(row) });
    await recordAdminAction(tx, { actor, action: 'agent.delete', target: `agent:${row.key}`, before: toAdminAgent(row) });
  });
}

function agentNotFound(id: string): CatalogError {
  return new CatalogError('agent_not_found', `No agent with id "${id}"`);
}

function agentKeyTaken(key: string | undefined): CatalogError {
  return new CatalogError('agent_exists', `An agent with key "${key}" already exists`, { fields: [{ path: 'key', message: 'This key is already taken' }] });
}
