import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const httpUrl = z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' });
const milliseconds = (fallback: number, max: number) => z.coerce.number().int().min(0).max(max).default(fallback);

/** The shell's server on its own (a container): its files, and the public pages rendered when API_URL is set. */
const shellServerEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3200),
  HOST: z.string().min(1).default('0.0.0.0'),
  SHELL_DIST: z
    .string()
    .min(1)
    .default(fileURLToPath(new URL('../../dist', import.meta.url))),
  /** The gateway as this server reaches it; without it every page is the plain shell. */
  API_URL: httpUrl.optional(),
  /** Browser manifests of the remotes with public pages, as this server reaches them. */
  REMOTE_MARKETING_URL: httpUrl.optional(),
  REMOTE_ACCOUNT_URL: httpUrl.optional(),
  SSR_CACHE_TTL_MS: milliseconds(30_000, 60_000),
  SSR_RENDER_TIMEOUT_MS: milliseconds(3_000, 30_000),
});

export type ShellServerEnv = z.infer<typeof shellServerEnv>;

/** The server's settings from its environment, or an error listing every setting that is wrong. */
export function loadShellServerEnv(env: NodeJS.ProcessEnv): ShellServerEnv {
  const parsed = shellServerEnv.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => `- ${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`Invalid configuration for the shell server:\n${lines.join('\n')}`);
}
