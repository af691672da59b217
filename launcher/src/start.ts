import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { BILLING_WEBHOOK_ENDPOINT, endpointUrl, IDENTITY_JWKS_ENDPOINT, IDENTITY_MAILBOX_ENDPOINTS } from '@agentdock/contracts';
import { createGateway, loadGatewayConfig } from '@agentdock/gateway';
import { createLogger, installShutdown, startHttpServer } from '@agentdock/service-kit';
import { acquireProcessLock, InProcessBus, type ServiceDefinition, startService } from '@agentdock/service-data';
import { createShellRenderer, isKnownPage } from '@agentdock/shell/server';
import { createStaticServer } from '@agentdock/static-server';
import { LOCAL_STRIPE_SECRET_KEY, startLocalStripe } from '@agentdock/local-stripe';
import { createBillingService, loadBillingOptions } from '@agentdock/svc-billing';
import { catalogService } from '@agentdock/svc-catalog';
import { startDemoProvider } from '@agentdock/local-agent-provider';
import { chatProviderEnv, createChatService, DEMO_PROVIDER_NAME } from '@agentdock/svc-chat';
import { createIdentityService, type IdentityOptions } from '@agentdock/svc-identity';
import { buildStaleFrontends } from './build-frontends';
import { embeddedConnectionsKey, type LauncherConfig, loadLauncherConfig, loadLauncherIdentityOptions } from './config';
import { type Frontend, repoRoot } from './paths';
import { onConfiguredPort, type PortVariable } from './ports';

const say = (line: string) => process.stdout.write(`${line}\n`);
const sayCouldNotStart = (error: unknown) => console.error(`\nAgentdock could not start: ${error instanceof Error ? error.message : String(error)}`);

/**
 * The embedded default: every service in this one process, each on its own port with its own
 * PGlite folder, events over the in-process bus, the static servers of the shell and the four
 * remotes, and the gateway in front. Production runs the same pieces as separate processes.
 */
async function main(config: LauncherConfig, identityOptions: IdentityOptions): Promise<void> {
  if (config.AGENTDOCK_SKIP_BUILD === '0') await buildStaleFrontends(say);
  await mkdir(config.AGENTDOCK_DATA_DIR, { recursive: true });
  // Each service's database takes its own lock too; this one refuses a second launcher at once,
  // before it starts anything.
  const unlock = await acquireProcessLock(
    join(config.AGENTDOCK_DATA_DIR, 'launcher.pid'),
    (holder) => `Another Agentdock (process ${holder}) is already using ${config.AGENTDOCK_DATA_DIR}. Stop it first, or set AGENTDOCK_DATA_DIR to another folder.`,
  );
  const logger = createLogger({ service: 'launcher', level: config.LOG_LEVEL });
  const bus = new InProcessBus({ logger: logger.child({ component: 'event-bus' }) });
  const local = (port: number) => `http://127.0.0.1:${port}`;
  const jwksUrl = `${local(config.IDENTITY_PORT)}${endpointUrl(IDENTITY_JWKS_ENDPOINT)}`;
  // Only the gateway may name a request's client to the services; a fresh secret at each start
  // proves it (everything runs in this one process, so nothing else needs to know it).
  const gatewaySecret = randomBytes(32).toString('base64url');

  const running: Array<{ stop(): Promise<void> }> = [];
  const servers: Server[] = [];
  // Gateway and static servers drain first, then services (each drains its own HTTP, consumers,
  // relay and database), then the bus; Ctrl-C a second time forces the exit.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => say('\nStopping Agentdock…'));
  let startFailed = false;
  const stop = installShutdown({
    logger,
    exit: (code) => process.exit(startFailed ? 1 : code),
    servers,
    closers: [() => Promise.all(running.map((service) => service.stop())).then(() => undefined), () => bus.close(), unlock],
  });

  try {
    say('Starting services (embedded PostgreSQL in each service’s own folder)…');
    const start = async <TSchema extends Record<string, unknown>, TDeps>(definition: ServiceDefinition<TSchema, TDeps>, variable: PortVariable) => {
      running.push(
        await onConfiguredPort(config, variable, (port) =>
          startService(definition, {
            port,
            host: '127.0.0.1',
            database: { dataDir: join(config.AGENTDOCK_DATA_DIR, definition.name) },
            bus,
            logger: createLogger({ service: definition.name, level: config.LOG_LEVEL }),
            jwksUrl,
            adminRequireMfa: config.ADMIN_REQUIRE_MFA,
            gatewaySecret,
          }),
        ),
      );
    };
    await start(createIdentityService(identityOptions), 'IDENTITY_PORT');
    await start(catalogService, 'CATALOG_PORT');
    // The embedded default is the one place with Stripe defaults: the local server's API key, and a
    // webhook secret made at this start and handed to both ends, so no published value signs events.
    const localStripe = !process.env.STRIPE_SECRET_KEY;
    const billingEnv = localStripe
      ? {
          ...process.env,
          STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY,
          STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('base64url')}`,
          STRIPE_API_HOST: '127.0.0.1',
          STRIPE_API_PORT: String(config.STRIPE_LOCAL_PORT),
        }
      : process.env;
    const billingOptions = { ...loadBillingOptions(billingEnv), appUrl: identityOptions.publicUrl };
    if (localStripe) {
      const stripe = await onConfiguredPort(config, 'STRIPE_LOCAL_PORT', (port) =>
        startLocalStripe({
          port,
          host: '127.0.0.1',
          publicUrl: `http://${config.PUBLIC_HOST}:${port}`,
          secretKey: billingOptions.stripe.secretKey,
          webhookSecret: billingOptions.stripe.webhookSecret,
          webhookUrl: `${local(config.BILLING_PORT)}${endpointUrl(BILLING_WEBHOOK_ENDPOINT)}`,
          cancelUnpaidAfterDays: billingOptions.graceDays,
        }),
      );
      running.push({ stop: stripe.close });
      say(`Payments use the local test-mode provider at ${stripe.url} (card 4242 4242 4242 4242 pays; set STRIPE_SECRET_KEY to use Stripe).`);
    }
    await start(createBillingService(billingOptions), 'BILLING_PORT');
    const chatEnv = chatProviderEnv.parse({ ...process.env, CONNECTIONS_ENCRYPTION_KEY: embeddedConnectionsKey(config) });
    if (chatEnv.CHAT_PROVIDER === 'demo' && !chatEnv.DEMO_AGENT_PROVIDER_URL) {
      // svc-chat carries no demo code: the stand-in is composed here, as the local Stripe server is.
      const demo = await onConfiguredPort(config, 'AGENT_PROVIDER_PORT', (port) => startDemoProvider({ port, host: '127.0.0.1' }));
      running.push({ stop: demo.close });
      chatEnv.DEMO_AGENT_PROVIDER_URL = demo.url;
      say(`Chat answers with the ${DEMO_PROVIDER_NAME} at ${demo.url} (set CHAT_PROVIDER to use a real model).`);
    }
    await start(createChatService({ env: chatEnv }), 'CHAT_PORT');

    const frontends: Array<[Frontend, PortVariable]> = [
      ['shell', 'SHELL_PORT'],
      ['mfe-marketing', 'MFE_MARKETING_PORT'],
      ['mfe-account', 'MFE_ACCOUNT_PORT'],
      ['mfe-chat', 'MFE_CHAT_PORT'],
      ['mfe-admin', 'MFE_ADMIN_PORT'],
    ];
    const serverLogger = createLogger({ service: 'shell-ssr', level: config.LOG_LEVEL });
    // Public pages are rendered with the remotes' server builds, fetched from their own static servers.
    const renderPage = createShellRenderer({
      templateFile: join(repoRoot, 'shell', 'dist', 'index.html'),
      manifests: { marketing: `${local(config.MFE_MARKETING_PORT)}/mf-manifest.json`, account: `${local(config.MFE_ACCOUNT_PORT)}/mf-manifest.json` },
      apiBaseUrl: local(config.PORT),
      cacheTtlMs: config.SSR_CACHE_TTL_MS,
      renderTimeoutMs: config.SSR_RENDER_TIMEOUT_MS,
      onError: (error, path) => serverLogger.warn({ err: error, path }, 'served the plain shell: server rendering failed'),
    });
    for (const [frontend, variable] of frontends) {
      const shell = frontend === 'shell';
      const app = createStaticServer({
        root: join(repoRoot, frontend, 'dist'),
        spaFallback: shell,
        cors: !shell,
        renderPage: shell && config.SSR_ENABLED ? renderPage : undefined,
        isPage: shell ? isKnownPage : undefined,
      });
      servers.push(await onConfiguredPort(config, variable, (port) => startHttpServer(app, { port, host: config.HOST })));
    }

    const remote = (port: number) => `http://${config.PUBLIC_HOST}:${port}/mf-manifest.json`;
    const gatewayConfig = loadGatewayConfig({
      PORT: String(config.PORT),
      HOST: config.HOST,
      IDENTITY_URL: local(config.IDENTITY_PORT),
      CATALOG_URL: local(config.CATALOG_PORT),
      BILLING_URL: local(config.BILLING_PORT),
      CHAT_URL: local(config.CHAT_PORT),
      SHELL_URL: local(config.SHELL_PORT),
      REMOTE_MARKETING_URL: remote(config.MFE_MARKETING_PORT),
      REMOTE_ACCOUNT_URL: remote(config.MFE_ACCOUNT_PORT),
      REMOTE_CHAT_URL: remote(config.MFE_CHAT_PORT),
      REMOTE_ADMIN_URL: remote(config.MFE_ADMIN_PORT),
      // The gateway's own settings pass through (e.g. the per-IP limit, which one machine's browser suite outruns).
      RATE_LIMIT_PER_MINUTE: process.env.RATE_LIMIT_PER_MINUTE,
      PAGE_RATE_LIMIT_PER_MINUTE: process.env.PAGE_RATE_LIMIT_PER_MINUTE,
      BODY_LIMIT: process.env.BODY_LIMIT,
      LOG_LEVEL: config.LOG_LEVEL,
      GATEWAY_SECRET: gatewaySecret,
    });
    const gateway = createGateway(gatewayConfig, createLogger({ service: 'gateway', level: config.LOG_LEVEL }));
    servers.push(await onConfiguredPort(config, 'PORT', (port) => startHttpServer(gateway, { port, host: config.HOST })));
  } catch (error) {
    startFailed = true;
    sayCouldNotStart(error);
    await stop('start failed');
    return;
  }

  say(`\nAgentdock is running at ${identityOptions.publicUrl}`);
  if (identityOptions.mailboxEnabled) say(`Local mailbox: ${identityOptions.publicUrl}${endpointUrl(IDENTITY_MAILBOX_ENDPOINTS.page)}?token=${identityOptions.mailboxToken}`);
  say(`Data is kept in ${config.AGENTDOCK_DATA_DIR}. Press Ctrl-C to stop.`);
}

/** Starts the platform; `userEnv` is the environment as the user gave it, before bin/start.mjs defaulted NODE_ENV. */
export function launch(userEnv: NodeJS.ProcessEnv): void {
  Promise.resolve()
    .then(() => {
      const config = loadLauncherConfig(userEnv);
      return main(config, loadLauncherIdentityOptions(config, userEnv));
    })
    .catch((error: unknown) => {
      sayCouldNotStart(error);
      process.exit(1);
    });
}
