/**
 * What the server renderer fetched for the first page, handed to the browser in the HTML so the
 * page hydrates with the very data it was rendered with and asks for none of it again.
 */
export interface ServerData {
  /** The operator's texts (every active content section), when the page shows them. */
  content?: unknown[];
  /** useResource results by resource key (e.g. `plans`, `course intro-to-agents`). */
  resources: Record<string, unknown>;
}

const seeds = new Map<string, unknown>();

// On the server seeds are never consumed (no effects run there), and course ids come from URLs:
// the oldest are dropped beyond this many.
const MAX_SEEDS = 200;

export function seedResources(resources: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(resources)) {
    seeds.delete(key);
    seeds.set(key, value);
  }
  while (seeds.size > MAX_SEEDS) seeds.delete(seeds.keys().next().value as string);
}

/** The seeded value for `key`, if the server rendered the page with one. */
export function seededResource(key: string): { data: unknown } | undefined {
  return seeds.has(key) ? { data: seeds.get(key) } : undefined;
}

/** A seed serves one first render only; later visits to the page fetch afresh. */
export function forgetSeededResource(key: string): void {
  seeds.delete(key);
}

/** The element the shell's server renderer writes the data into (see shell/server). */
export const SERVER_DATA_ELEMENT_ID = 'agentdock-ssr-marketing';
