import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { booleanFlagSchema, hostSchema, loadConfig, logLevelEnum, portSchema } from '@agentdock/service-kit';
import { type IdentityOptions, loadIdentityOptions } from '@agentdock/svc-identity';
import { z } from 'zod';
import { repoRoot } from './paths';

// The launcher prints the URL to open, so a port chosen by the system (0) would not do here.
const port = (fallback: number) => portSchema.min(1, { error: 'expected a port number between 1 and 65535' }).default(fallback);

/** Everything the embedded default lets you change; every value has a working default. */
const launcherEnvSchema = z.object({
  PORT: port(3000),
  HOST: hostSchema.default('127.0.0.1'),
  /** Host name the browser uses to reach the remotes' static servers. */
  PUBLIC_HOST: hostSchema.default('localhost'),
  AGENTDOCK_DATA_DIR: z.string().min(1).default(resolve(repoRoot, '.data')),
  IDENTITY_PORT: port(3101),
  CATALOG_PORT: port(3102),
  BILLING_PORT: port(3103),
  CHAT_PORT: port(3104),
  /** The local Stripe-protocol server (used when no STRIPE_SECRET_KEY is configured). */
  STRIPE_LOCAL_PORT: port(3105),
  /** The built-in demo agent provider (used when no CHAT_PROVIDER is configured). */
  AGENT_PROVIDER_PORT: port(3106),
  SHELL_PORT: port(3200),
  MFE_MARKETING_PORT: port(3201),
  MFE_ACCOUNT_PORT: port(3202),
  MFE_CHAT_PORT: port(3203),
  MFE_ADMIN_PORT: port(3204),
  LOG_LEVEL: logLevelEnum.default('warn'),
  /**
   * Admin endpoints refuse admins signed in without a second factor. Off on one machine, so a
   * fresh `npm start` has a usable admin console; every service run on its own defaults to on.
   */
  ADMIN_REQUIRE_MFA: booleanFlagSchema.default(false),
  /** Public pages served with their content in the HTML (docs/adr/0007); off serves the plain shell everywhere. */
  SSR_ENABLED: booleanFlagSchema.default(true),
  /** How long a server-rendered public page is served again (an operator's content edit shows within it). */
  SSR_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(30_000),
  /** A server render (remote code, catalog data, React) that takes longer serves the plain shell. */
  SSR_RENDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3_000),
  /** Skip the front-end freshness check (CI builds once before the browser suite). */
  AGENTDOCK_SKIP_BUILD: z.enum(['0', '1']).default('0'),
});
export type LauncherConfig = z.infer<typeof launcherEnvSchema>;

export function loadLauncherConfig(env: NodeJS.ProcessEnv = process.env): LauncherConfig {
  return loadConfig(launcherEnvSchema, env, 'launcher');
}

/**
 * svc-identity's options on one machine: links point at the gateway's URL and the local mailbox is
 * on (both can be overridden, like every other identity variable: ADMIN_EMAILS, AUTH_RATE_LIMITS, …).
 */
export function loadLauncherIdentityOptions(config: LauncherConfig, env: NodeJS.ProcessEnv = process.env): IdentityOptions {
  const loopbackOnly = isLoopback(config.HOST);
  if (!loopbackOnly && env.MAILBOX_ENABLED === 'true') {
    throw new Error(
      `MAILBOX_ENABLED: the local mailbox shows everyone's sign-in codes; it is only served when HOST is a loopback address (HOST is ${config.HOST}). Set SMTP_URL to send real email instead.`,
    );
  }
  return loadIdentityOptions({
    ...env,
    MFA_ENCRYPTION_KEY: env.MFA_ENCRYPTION_KEY ?? embeddedEncryptionKey(config.AGENTDOCK_DATA_DIR),
    PUBLIC_URL: env.PUBLIC_URL ?? `http://${config.PUBLIC_HOST}:${config.PORT}`,
    // Reachable from other machines, the mailbox would hand out every account: off unless local.
    MAILBOX_ENABLED: env.MAILBOX_ENABLED ?? String(loopbackOnly),
  });
}

/**
 * The key sealing authenticator secrets on the embedded default: made once and kept in the data
 * folder (readable by its owner only), so restarts open what earlier runs sealed. Keep it with
 * the data: without it, every second factor has to be set up again.
 */
function embeddedEncryptionKey(dataDir: string, name = 'mfa-encryption.key'): string {
  const file = join(dataDir, name);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  }
  return readFileSync(file, 'utf8').trim();
}

/**
 * The key sealing the model connections' API keys on the embedded default, kept like the one above
 * (`connections-encryption.key` in the data folder) unless CONNECTIONS_ENCRYPTION_KEY is set.
 */
export function embeddedConnectionsKey(config: LauncherConfig, env: NodeJS.ProcessEnv = process.env): string {
  return env.CONNECTIONS_ENCRYPTION_KEY || embeddedEncryptionKey(config.AGENTDOCK_DATA_DIR, 'connections-encryption.key');
}

/** Only this machine can reach a server bound to one of these. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
