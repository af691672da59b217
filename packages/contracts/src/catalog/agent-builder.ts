import * as z from 'zod/mini';
import { imageSize } from '../chat/message';

export const MAX_INSTRUCTIONS_LENGTH = 20_000;
export const MAX_STARTERS = 4;
export const MAX_STOP_SEQUENCES = 4;
export const MAX_AGENT_REPLY_TOKENS = 32_000;

const starter = z.string().check(z.trim(), z.minLength(1, 'A starter cannot be empty'), z.maxLength(200, 'At most 200 characters'));
const modelName = z.string().check(z.trim(), z.minLength(1), z.maxLength(200));

/**
 * How an agent behaves, as an admin builds it in the console: what a draft holds and what each
 * published version freezes. `instructions` is private (admin answers and svc-chat only); of the
 * rest only `starters` is ever shown to customers.
 */
export const agentBehaviour = z.object({
  instructions: z._default(z.string().check(z.maxLength(MAX_INSTRUCTIONS_LENGTH, `At most ${MAX_INSTRUCTIONS_LENGTH.toLocaleString('en-US')} characters`)), ''),
  /** A model connection of svc-chat; null: the default connection. */
  connectionId: z._default(z.nullable(z.string().check(z.uuid('Not a valid connection id'))), null),
  /** null: the connection's own default model. */
  model: z._default(z.nullable(modelName), null),
  temperature: z._default(z.nullable(z.number().check(z.gte(0, 'At least 0'), z.lte(2, 'At most 2'))), null),
  /** null: the operator's reply limit (CHAT_MAX_REPLY_TOKENS). */
  maxReplyTokens: z._default(z.nullable(z.number().check(z.int(), z.gte(1, 'At least 1'), z.lte(MAX_AGENT_REPLY_TOKENS, `At most ${MAX_AGENT_REPLY_TOKENS}`))), null),
  stop: z._default(z.array(z.string().check(z.minLength(1), z.maxLength(50))).check(z.maxLength(MAX_STOP_SEQUENCES, `At most ${MAX_STOP_SEQUENCES} stop sequences`)), []),
  /** Public: the chat shows them in an empty conversation. */
  starters: z._default(z.array(starter).check(z.maxLength(MAX_STARTERS, `At most ${MAX_STARTERS} starters`)), []),
  images: z._default(
    z.object({
      enabled: z.boolean(),
      model: z.nullable(modelName),
      sizes: z.array(imageSize).check(z.maxLength(3)),
    }),
    { enabled: false, model: null, sizes: [] },
  ),
});
export type AgentBehaviour = z.infer<typeof agentBehaviour>;
export type AgentBehaviourInput = z.input<typeof agentBehaviour>;

/** A behaviour with every field at its default (an agent never edited in the builder). */
export function emptyBehaviour(): AgentBehaviour {
  return agentBehaviour.parse({});
}

const publisher = z.object({ id: z.string(), email: z.nullable(z.string()) });

/** One published version: frozen, kept for ever, restorable. */
export const agentVersion = z.object({
  version: z.number().check(z.int(), z.gte(1)),
  behaviour: agentBehaviour,
  publishedAt: z.string(),
  publishedBy: publisher,
  /** Set when this version was made by restoring an earlier one. */
  restoredFrom: z.nullable(z.number().check(z.int())),
});
export type AgentVersion = z.infer<typeof agentVersion>;

/** GET /api/catalog/admin/agents/:id/builder: the draft, which version is live, and every version, newest first. */
export const agentBuilder = z.object({
  agentId: z.string(),
  draft: agentBehaviour,
  draftUpdatedAt: z.nullable(z.string()),
  publishedVersion: z.nullable(z.number().check(z.int())),
  versions: z.array(agentVersion),
});
export type AgentBuilder = z.infer<typeof agentBuilder>;

/** PUT …/draft body: the whole draft. */
export const agentDraftInput = agentBehaviour;
/** POST …/versions/:version/restore has no body; POST …/publish neither. */
