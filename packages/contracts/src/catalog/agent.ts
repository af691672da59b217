import { z } from 'zod';
import { subscriptionTier } from './tier';

const agentKey = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9-]+$/, 'Use lower-case letters, digits and dashes');

const agentFields = z.object({
  key: agentKey,
  name: z.string().trim().min(1).max(80),
  description: z.string().trim().max(1000),
  features: z.array(z.string().trim().min(1).max(200)).max(20),
  useCase: z.string().trim().max(500),
  tier: subscriptionTier,
  isActive: z.boolean(),
  /** The agent provider's id (relevance_agent_id). Server side only: never in a public answer. */
  providerAgentId: z.string().trim().max(200).nullable(),
});

/** Writable fields of an AI agent (admin create body); what is not sent takes its default. */
export const agentInput = agentFields.extend({
  description: agentFields.shape.description.default(''),
  features: agentFields.shape.features.default([]),
  useCase: agentFields.shape.useCase.default(''),
  tier: agentFields.shape.tier.default('free'),
  isActive: agentFields.shape.isActive.default(true),
  providerAgentId: agentFields.shape.providerAgentId.default(null),
});
export type AgentInput = z.infer<typeof agentInput>;
/** Admin update body: only the fields sent change (no defaults, so nothing unsent is reset). */
export const agentPatch = agentFields.partial();
export type AgentPatch = z.infer<typeof agentPatch>;

/** An agent as the public catalogue and the chat's agent list serve it. */
export const agent = z.object({
  id: z.string().uuid(),
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
export const adminAgent = agent.extend({ providerAgentId: z.string().nullable() });
export type AdminAgent = z.infer<typeof adminAgent>;

/** GET /api/catalog/agents (all active, for /models), GET /api/catalog/agents/available (the caller's tier). */
export const agentList = z.object({ agents: z.array(agent) });
export type AgentList = z.infer<typeof agentList>;
export const adminAgentList = z.object({ agents: z.array(adminAgent) });
export type AdminAgentList = z.infer<typeof adminAgentList>;
