import { booleanFlagSchema, ConfigError, hostSchema, httpUrlSchema, loadConfig, portSchema, positiveIntSchema } from '@agentdock/service-kit';
import { z } from 'zod';
import { DEFAULT_GRACE_DAYS } from './domain/subscription-machine';

/** Where the local Stripe-protocol server listens when nothing else is said. */
const LOCAL_STRIPE_PORT = 3105;

/**
 * Webhook secrets that were ever published (in this repository's history or documentation).
 * Anyone can sign a forged event with one, so they are refused whenever the key is a real one.
 */
const PUBLIC_WEBHOOK_SECRETS: ReadonlySet<string> = new Set(['whsec_local']);

/**
 * No Stripe variable has a default: a deployment that forgets one must not start with a secret
 * anyone can read here. The embedded default (the launcher) passes the local server's own keys.
 * With STRIPE_API_HOST the SDK talks to the local test-mode server; without it, to Stripe.
 */
const billingEnvSchema = z.object({
  STRIPE_SECRET_KEY: z.string().min(1),
  STRIPE_WEBHOOK_SECRET: z.string().min(1),
  STRIPE_API_HOST: hostSchema.optional(),
  STRIPE_API_PORT: portSchema.default(LOCAL_STRIPE_PORT),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).default('http'),
  /** The public address of the web app: checkout and portal return here. */
  APP_URL: httpUrlSchema.default('http://localhost:3000'),
  BILLING_GRACE_DAYS: positiveIntSchema.default(DEFAULT_GRACE_DAYS),
  /**
   * Test mode only: every new customer gets its own Stripe test clock, so renewals and dunning
   * can be driven (`npm run test-clock -w @agentdock/svc-billing`), on Stripe as locally.
   */
  STRIPE_TEST_CLOCKS: booleanFlagSchema.default(false),
});

export interface BillingOptions {
  stripe: { secretKey: string; webhookSecret: string; host?: string; port?: number; protocol?: 'http' | 'https'; testClocks?: boolean };
  appUrl: string;
  graceDays: number;
}

/** Stripe's live and test secret and restricted keys. */
const REAL_KEY = /^(sk|rk)_(live|test)_/;

export function loadBillingOptions(env: Record<string, string | undefined>): BillingOptions {
  const config = loadConfig(billingEnvSchema, env, 'svc-billing');
  const local = config.STRIPE_API_HOST !== undefined;
  const secret = config.STRIPE_WEBHOOK_SECRET;
  if (!local) {
    // Talking to Stripe itself: the webhook secret must be the endpoint's own signing secret.
    if (!REAL_KEY.test(config.STRIPE_SECRET_KEY)) {
      throw new ConfigError('svc-billing', [
        { variable: 'STRIPE_SECRET_KEY', problem: 'must be a Stripe secret key (sk_live_… or sk_test_…); set STRIPE_API_HOST to use the local test-mode server' },
      ]);
    }
    if (PUBLIC_WEBHOOK_SECRETS.has(secret) || !secret.startsWith('whsec_') || secret.length < 20) {
      throw new ConfigError('svc-billing', [
        {
          variable: 'STRIPE_WEBHOOK_SECRET',
          problem: "must be the signing secret of this deployment's Stripe webhook endpoint (whsec_…), not a published test value: anyone could forge payments with it",
        },
      ]);
    }
  }
  const live = config.STRIPE_SECRET_KEY.startsWith('sk_live_') || config.STRIPE_SECRET_KEY.startsWith('rk_live_');
  if (live && config.STRIPE_TEST_CLOCKS) {
    throw new ConfigError('svc-billing', [{ variable: 'STRIPE_TEST_CLOCKS', problem: 'test clocks exist in test mode only; unset it with a live key' }]);
  }
  if (local && live) {
    throw new ConfigError('svc-billing', [{ variable: 'STRIPE_API_HOST', problem: 'a live Stripe key is never sent to the local test-mode server; unset STRIPE_API_HOST' }]);
  }
  return {
    stripe: {
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: secret,
      ...(config.STRIPE_TEST_CLOCKS ? { testClocks: true } : {}),
      ...(local ? { host: config.STRIPE_API_HOST, port: config.STRIPE_API_PORT, protocol: config.STRIPE_API_PROTOCOL } : {}),
    },
    appUrl: config.APP_URL,
    graceDays: config.BILLING_GRACE_DAYS,
  };
}
