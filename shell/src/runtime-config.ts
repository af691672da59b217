import { parseRuntimeConfig, type RuntimeConfig } from '@agentdock/contracts/remotes';

export type { RuntimeConfig };

/** Read on every first view, so checked without zod (see @agentdock/contracts/remotes). */
export async function fetchRuntimeConfig(fetchImpl: typeof fetch = (input, init) => fetch(input, init)): Promise<RuntimeConfig> {
  const response = await fetchImpl('/runtime-config.json', { headers: { accept: 'application/json' }, cache: 'no-cache' });
  if (!response.ok) throw new Error(`GET /runtime-config.json answered ${response.status}`);
  const parsed = parseRuntimeConfig(await response.json());
  if (!parsed.ok) throw new Error(`Invalid /runtime-config.json: ${parsed.error}`);
  return parsed.config;
}
