import * as z from 'zod/mini';
import { agentBehaviour } from '../catalog/agent-builder';

const connectionName = z.string().check(z.trim(), z.minLength(1, 'Give the connection a name'), z.maxLength(80, 'At most 80 characters'));
const baseUrl = z.string().check(
  z.trim(),
  z.maxLength(500),
  z.refine((text) => /^https?:\/\/[^\s/]+/i.test(text) && URL.canParse(text), 'Enter the base URL, e.g. https://api.openai.com/v1'),
);
const apiKey = z.string().check(z.trim(), z.minLength(1, 'Enter the API key'), z.maxLength(500));

const connectionFields = z.object({
  name: connectionName,
  baseUrl,
  /** Optional for endpoints that take none (a local Ollama); sent once, never returned. */
  apiKey: z.nullable(apiKey),
  /** The model agents on this connection use unless they name another. */
  defaultModel: z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
});

/** POST /api/chat/admin/connections: an OpenAI-compatible endpoint and its key. */
export const connectionInput = z.extend(connectionFields, {
  apiKey: z._default(connectionFields.shape.apiKey, null),
  defaultModel: z._default(connectionFields.shape.defaultModel, null),
});
export type ConnectionInput = z.infer<typeof connectionInput>;

/**
 * PATCH body: only what is sent changes (no defaults, so nothing unsent is reset); a new key
 * replaces the old one (there is no reading it back), `apiKey: null` removes it.
 */
export const connectionPatch = z.partial(connectionFields);
export type ConnectionPatch = z.infer<typeof connectionPatch>;

/** A connection as the console sees it: the key's last four characters only. */
export const modelConnection = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  keyLastFour: z.nullable(z.string()),
  defaultModel: z.nullable(z.string()),
  /** Agents without a connection of their own use this one. */
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ModelConnection = z.infer<typeof modelConnection>;
export const modelConnectionList = z.object({ connections: z.array(modelConnection) });

/** GET …/connections/:id/models: `GET {base}/models` as the provider answered it. */
export const connectionModels = z.object({ models: z.array(z.object({ id: z.string(), ownedBy: z.nullable(z.string()) })) });
export type ConnectionModels = z.infer<typeof connectionModels>;

/** POST …/connections/:id/test: the provider's own words when it refused (admins only). */
export const connectionTestResult = z.object({
  ok: z.boolean(),
  /** How many models the endpoint lists, when it answered. */
  modelCount: z.nullable(z.number()),
  /** The provider's own error (status and message), or why it could not be reached. */
  error: z.nullable(z.string()),
});
export type ConnectionTestResult = z.infer<typeof connectionTestResult>;

/** POST /api/chat/admin/agents/:agentId/draft-test: one turn of the console's "Draft test" chat. */
export const draftTestRequest = z.object({
  /** The form's draft as it stands (saved or not): the test shows its effect before anyone publishes. */
  behaviour: agentBehaviour,
  history: z._default(z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string().check(z.maxLength(20_000)) })).check(z.maxLength(40)), []),
  message: z.string().check(z.trim(), z.minLength(1, 'Type a message first'), z.maxLength(8_000, 'At most 8000 characters')),
});
export type DraftTestRequest = z.infer<typeof draftTestRequest>;
export const draftTestReply = z.object({ text: z.string(), imageUrl: z.nullable(z.string()), model: z.nullable(z.string()) });
export type DraftTestReply = z.infer<typeof draftTestReply>;
