// zod/mini rather than zod: this runs on every first view and is a quarter of the size.
import * as z from 'zod/mini';

/** An absolute http(s) URL, or a path on the page's own origin (not protocol-relative). */
const manifestUrl = z.union([z.url({ protocol: /^https?$/ }), z.string().check(z.regex(/^\/(?!\/)/))]);

/** Body of GET /runtime-config.json, served by the gateway: where each remote's mf-manifest.json is. */
export const runtimeConfig = z.object({
  remotes: z.object({
    marketing: manifestUrl,
    account: manifestUrl,
    chat: manifestUrl,
    admin: manifestUrl,
  }),
});
export type RuntimeConfig = z.infer<typeof runtimeConfig>;

export async function fetchRuntimeConfig(fetchImpl: typeof fetch = (input, init) => fetch(input, init)): Promise<RuntimeConfig> {
  const response = await fetchImpl('/runtime-config.json', { headers: { accept: 'application/json' }, cache: 'no-cache' });
  if (!response.ok) throw new Error(`GET /runtime-config.json answered ${response.status}`);
  const parsed = runtimeConfig.safeParse(await response.json());
  if (!parsed.success) throw new Error(`Invalid /runtime-config.json: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
