import * as z from 'zod/mini';
import { subscriptionTier } from './tier';

const agentKey = z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[a-z0-9-]+$/, 'Use lower-case letters, digits and dashes'));

const agentFields = z.object({
  key: agentKey,
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(80)),
  description: z.string().check(z.trim(), z.maxLength(1000)),
  features: z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))).check(z.maxLength(20)),
  useCase: z.string().check(z.trim(), z.maxLength(500)),
  tier: subscriptionTier,
  isActive: z.boolean(),
  /** The agent provider's id (relevance_agent_id). Server side only: never in a public answer. */
  providerAgentId: z.nullable(z.string().check(z.trim(), z.maxLength(200))),
});

/** Writable fields of an AI agent (admin create body); what is not sent takes its default. */
export const agentInput = z.extend(agentFields, {
  description: z._default(agentFields.shape.description, ''),
  features: z._default(agentFields.shape.features, []),
  useCase: z._default(agentFields.shape.useCase, ''),
  tier: z._default(agentFields.shape.tier, 'free'),
  isActive: z._default(agentFields.shape.isActive, true),
  providerAgentId: z._default(agentFields.shape.providerAgentId, null),
});
export type AgentInput = z.infer<typeof agentInput>;
/** Admin update body: only the fields sent change (no defaults, so nothing unsent is reset). */
export const agentPatch = z.partial(agentFields);
export type AgentPatch = z.infer<typeof agentPatch>;

/** An agent as the public catalogue and the chat's agent list serve it. */
export const agent = z.object({
  id: z.uuid(),
  key: agentKey,
  name: z.string(),
  description: z.string(),
  features: z.array(z.string()),
  useCase: z.string(),
  tier: subscriptionTier,
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Agent = z.infer<typeof agent>;

/** The admin view adds the provider id. */
export const adminAgent = z.extend(agent, { providerAgentId: z.nullable(z.string()) });
export type AdminAgent = z.infer<typeof adminAgent>;

/** GET /api/catalog/agents (all active, for /models), GET /api/catalog/agents/available (the caller's tier). */
export const agentList = z.object({ agents: z.array(agent) });
export const adminAgentList = z.object({ agents: z.array(adminAgent) });
