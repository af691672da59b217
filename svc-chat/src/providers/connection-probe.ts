import type { ConnectionModels, ConnectionTestResult } from '@agentdock/contracts';
import { type ConnectionRow, type ConnectionSettings, connectionKey } from './connection-directory';
import { Cutoff, failure, getJson, openAiEndpoint, readJson } from './openai-http';
import { ProviderError } from './provider';
import { Stop } from '../stop';

/** How long the console waits for a provider's model list. */
const PROBE_TIMEOUT_MS = 10_000;

/** `GET {base}/models` on the connection: OpenAI's list shape (`data: [{ id, owned_by }]`). */
export async function listModels(settings: ConnectionSettings, row: ConnectionRow): Promise<ConnectionModels['models']> {
  const endpoint = openAiEndpoint({ baseUrl: row.baseUrl, apiKey: connectionKey(settings, row), timeoutMs: PROBE_TIMEOUT_MS });
  const cutoff = new Cutoff();
  const signal = new Stop();
  const body = await readJson<{ data?: Array<{ id?: unknown; owned_by?: unknown }> }>(await getJson(endpoint, 'models', signal, cutoff)).catch((error: unknown) => {
    throw failure(error, signal, cutoff, 'the agent provider broke off its answer');
  });
  if (!Array.isArray(body.data)) throw new ProviderError('the agent provider answered without a model list (no "data" array)');
  return body.data
    .filter((model): model is { id: string; owned_by?: unknown } => typeof model.id === 'string')
    .map((model) => ({ id: model.id, ownedBy: typeof model.owned_by === 'string' ? model.owned_by : null }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * Whether the connection answers its model list, and if not, the provider's own words (for the
 * console only: admins see why, customers never do).
 */
export async function testConnection(settings: ConnectionSettings, row: ConnectionRow): Promise<ConnectionTestResult> {
  try {
    const models = await listModels(settings, row);
    return { ok: true, modelCount: models.length, error: null };
  } catch (error) {
    return { ok: false, modelCount: null, error: error instanceof Error ? error.message : String(error) };
  }
}
