import { fileURLToPath } from 'node:url';
import { createStaticServer } from '@agentdock/static-server';
import { z } from 'zod';
import { createShellRenderer } from './shell-renderer';

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

function loadEnv(env: NodeJS.ProcessEnv) {
  const parsed = shellServerEnv.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => `- ${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`Invalid configuration for the shell server:\n${lines.join('\n')}`);
}

function main(): void {
  const env = loadEnv(process.env);
  const renderPage = env.API_URL
    ? createShellRenderer({
        templateFile: `${env.SHELL_DIST}/index.html`,
        manifests: { marketing: env.REMOTE_MARKETING_URL, account: env.REMOTE_ACCOUNT_URL },
        apiBaseUrl: env.API_URL,
        cacheTtlMs: env.SSR_CACHE_TTL_MS,
        renderTimeoutMs: env.SSR_RENDER_TIMEOUT_MS,
        onError: (error, path) => console.warn(JSON.stringify({ level: 'warn', msg: 'served the plain shell: server rendering failed', path, err: String(error) })),
      })
    : undefined;
  const server = createStaticServer({ root: env.SHELL_DIST, spaFallback: true, renderPage }).listen(env.PORT, env.HOST, () => {
    console.log(`Shell on http://${env.HOST}:${env.PORT}${renderPage ? ` (public pages rendered with data from ${env.API_URL})` : ''}`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}
