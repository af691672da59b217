import { type RuntimeConfig, runtimeConfig } from '@agentdock/contracts/runtime-config';
import * as z from 'zod/mini';

export type { RuntimeConfig };

export async function fetchRuntimeConfig(fetchImpl: typeof fetch = (input, init) => fetch(input, init)): Promise<RuntimeConfig> {
  const response = await fetchImpl('/runtime-config.json', { headers: { accept: 'application/json' }, cache: 'no-cache' });
  if (!response.ok) throw new Error(`GET /runtime-config.json answered ${response.status}`);
  const parsed = runtimeConfig.safeParse(await response.json());
  if (!parsed.success) throw new Error(`Invalid /runtime-config.json: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
