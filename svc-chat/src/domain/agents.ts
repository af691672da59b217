import {
  type AgentBehaviour,
  type agentChangedV1,
  type agentPublishedV1,
  type ChatAgent,
  type EventData,
  IMAGE_SIZE_LABELS,
  IMAGE_SIZES,
  type ImageSize,
  isAgentVisibleToTier,
  type SubscriptionTier,
} from '@agentdock/contracts';
import { type Db, namedStatement, prefixedColumns, rawRowReader } from '@agentdock/service-data';
import { NotFoundError, ValidationError } from '@agentdock/service-kit';
import { asc, eq, isNull, lt, or, sql } from '@agentdock/service-data/orm';
import { type ChatSchema, chatAgents } from '../db/schema';
import { isTier } from './allowances';
import { deleteAgentKnowledge } from './knowledge/files';
import { seedKnowledge } from './knowledge/seed';

export type AgentRecord = typeof chatAgents.$inferSelect;

/** An image agent answers with a picture rather than text: as its live version says, or (never published) by its key. */
export function producesImages(agent: { key: string; behaviour?: AgentBehaviour | null }): boolean {
  return agent.behaviour ? agent.behaviour.images.enabled : agent.key.includes('image');
}

/**
 * The image sizes an agent offers: its live version's, in the chat's order; every size for an image
 * agent whose version names none (or that was never published); none for a text agent.
 */
export function offeredImageSizes(agent: { key: string; behaviour?: AgentBehaviour | null }): ImageSize[] {
  if (!producesImages(agent)) return [];
  const named = agent.behaviour?.images.sizes ?? [];
  return named.length ? IMAGE_SIZES.filter((size) => named.includes(size)) : [...IMAGE_SIZES];
}

/** Why a send may not ask this agent for this size (null: it may); text agents ignore the size. */
export function unofferedImageSize(agent: { key: string; name: string; behaviour?: AgentBehaviour | null }, asked: ImageSize | undefined): string | null {
  const offered = offeredImageSizes(agent);
  if (!asked || !offered.length || offered.includes(asked)) return null;
  const names = offered.map((size) => `${IMAGE_SIZE_LABELS[size]} (${size})`).join(', ');
  return `${agent.name} does not make ${IMAGE_SIZE_LABELS[asked]} (${asked}) images: choose ${offered.length > 1 ? 'one of ' : ''}${names}.`;
}

/** Refuses (400) a size the agent does not offer, before anything is reserved. */
export function assertImageSizeOffered(agent: { key: string; name: string; behaviour?: AgentBehaviour | null }, asked: ImageSize | undefined): void {
  const refusal = unofferedImageSize(agent, asked);
  if (refusal) throw new ValidationError([{ path: 'imageSize', message: refusal }], refusal);
}

/** The longest reply the operator allows: one figure for all agents, or one per agent key. */
export interface ReplyLimits {
  maxReplyTokens: number;
  perAgent: Record<string, number>;
}

/** The longest reply an agent gives: its live version's own limit, else the operator's for its key or for all. */
export function agentReplyLimit(limits: ReplyLimits, agent: Pick<AgentRecord, 'key' | 'behaviour'>): number {
  return agent.behaviour?.maxReplyTokens ?? limits.perAgent[agent.key] ?? limits.maxReplyTokens;
}

export function toChatAgent(row: AgentRecord, limits: ReplyLimits): ChatAgent {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    description: row.description,
    tier: isTier(row.tier) ? row.tier : 'free',
    producesImages: producesImages(row),
    imageSizes: offeredImageSizes(row),
    starters: row.behaviour?.starters ?? [],
    maxReplyTokens: agentReplyLimit(limits, row),
  };
}

export async function listAgentsFor(db: Db<ChatSchema>, tier: SubscriptionTier, limits: ReplyLimits): Promise<ChatAgent[]> {
  const rows = await db.select().from(chatAgents).orderBy(asc(chatAgents.name));
  return rows.filter((row) => isAgentVisibleToTier(row, tier)).map((row) => toChatAgent(row, limits));
}

// On every send's path: a named statement, parsed once.
// Its columns by name: a prepared statement's result may not change shape under a running instance.
const agentById = namedStatement('chat_agent_by_id', sql`select ${prefixedColumns(chatAgents, 'chat_agents', '')} from chat_agents where id = ${sql.placeholder('agentId')}::uuid`);
const agentFromRaw = rawRowReader(chatAgents);

/** The agent the caller may use; an unknown agent and one above the caller's tier look the same (404). */
export async function agentForUser(db: Db<ChatSchema>, agentId: string, tier: SubscriptionTier): Promise<AgentRecord> {
  const [raw] = await agentById.run(db, { agentId });
  return usableAgent(raw && agentFromRaw(raw), tier);
}

/** The agent as read, if the caller may use it; else the same 404 as for an unknown agent. */
export function usableAgent(row: AgentRecord | null | undefined, tier: SubscriptionTier): AgentRecord {
  if (!row || !isAgentVisibleToTier(row, tier)) throw new NotFoundError(undefined, { code: 'agent_not_available' });
  return row;
}

export async function applyAgentChanged(db: Db<ChatSchema>, data: EventData<typeof agentChangedV1>): Promise<void> {
  const { agent } = data;
  if (data.change === 'deleted') {
    await db.delete(chatAgents).where(eq(chatAgents.id, agent.id));
    // Its knowledge goes with it: no passage of a deleted agent is kept or retrieved.
    await deleteAgentKnowledge(db, agent.id);
    return;
  }
  const values = {
    key: agent.key,
    name: agent.name,
    description: agent.description,
    useCase: agent.useCase,
    tier: agent.tier,
    isActive: agent.isActive,
    providerAgentId: agent.providerAgentId,
  };
  await db
    .insert(chatAgents)
    .values({ id: agent.id, ...values, ...(Number.isNaN(Date.parse(agent.createdAt)) ? {} : { createdAt: new Date(agent.createdAt) }) })
    .onConflictDoUpdate({ target: chatAgents.id, set: values });
  // A seeded agent starts with its files once, when catalog creates it (a later delete sticks).
  if (data.change === 'created') await seedKnowledge(db, agent);
}

/**
 * A version catalog published becomes the agent's live behaviour, unless a later one is already
 * live (events may arrive late or twice). One that arrives before the agent itself is kept on a
 * hidden placeholder row, which the agent's own event then fills in.
 */
export async function applyAgentPublished(db: Db<ChatSchema>, data: EventData<typeof agentPublishedV1>): Promise<void> {
  const live = { publishedVersion: data.version, behaviour: data.behaviour };
  await db
    .insert(chatAgents)
    .values({ id: data.agentId, key: data.key, name: data.key, description: '', tier: 'enterprise', isActive: false, ...live })
    .onConflictDoUpdate({
      target: chatAgents.id,
      set: live,
      setWhere: or(isNull(chatAgents.publishedVersion), lt(chatAgents.publishedVersion, data.version)),
    });
}
