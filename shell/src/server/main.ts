import { createStaticServer } from '@agentdock/static-server';
import { loadShellServerEnv } from './server-env';
import { createShellRenderer, isKnownPage } from './shell-renderer';

function main(): void {
  const env = loadShellServerEnv(process.env);
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
  const server = createStaticServer({ root: env.SHELL_DIST, spaFallback: true, renderPage, isPage: isKnownPage }).listen(env.PORT, env.HOST, () => {
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
