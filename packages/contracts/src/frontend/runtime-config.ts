// The zod schema of the runtime configuration, for the gateway that serves it. The shell reads it
// with the zod-free check in remotes.ts (same answers, held together by the tests).
import * as z from 'zod/mini';
import { MANIFEST_URL_HINT, REMOTE_NAMES, type RuntimeConfig as RuntimeConfigShape } from './remotes';

export { containerName, REMOTE_NAMES, type RemoteName } from './remotes';

/** An absolute http(s) URL, or a path on the page's own origin (not protocol-relative). */
export const manifestUrl = z.union([z.url({ protocol: /^https?$/ }), z.string().check(z.regex(/^\/(?!\/)/))], { error: MANIFEST_URL_HINT });

/** Body of GET /runtime-config.json, served by the gateway: where each remote's mf-manifest.json is. */
export const runtimeConfig = z.object({
  remotes: z.object(Object.fromEntries(REMOTE_NAMES.map((name) => [name, manifestUrl])) as Record<(typeof REMOTE_NAMES)[number], typeof manifestUrl>),
});
export type RuntimeConfig = RuntimeConfigShape;
