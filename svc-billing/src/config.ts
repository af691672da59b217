import { hostSchema, httpUrlSchema, loadConfig, portSchema, positiveIntSchema } from '@agentdock/service-kit';
import { z } from 'zod';
import { DEFAULT_GRACE_DAYS } from './domain/subscription-machine';

/** The local Stripe-protocol server's test keys: used when no real Stripe account is configured. */
export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_local';
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_local';
export const LOCAL_STRIPE_PORT = 3105;

/**
 * With STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET of a real account (and no STRIPE_API_HOST) the
 * same code talks to Stripe; otherwise the SDK is pointed at the local test-mode server.
 */
export const billingEnvSchema = z.object({
  STRIPE_SECRET_KEY: z.string().min(1).default(LOCAL_STRIPE_SECRET_KEY),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).default(LOCAL_STRIPE_WEBHOOK_SECRET),
  STRIPE_API_HOST: hostSchema.optional(),
  STRIPE_API_PORT: portSchema.default(LOCAL_STRIPE_PORT),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).default('http'),
  /** The public address of the web app: checkout and portal return here. */
  APP_URL: httpUrlSchema.default('http://localhost:3000'),
  BILLING_GRACE_DAYS: positiveIntSchema.default(DEFAULT_GRACE_DAYS),
});

export interface BillingOptions {
  stripe: { secretKey: string; webhookSecret: string; host?: string; port?: number; protocol?: 'http' | 'https' };
  appUrl: string;
  graceDays: number;
}

export function loadBillingOptions(env: Record<string, string | undefined>): BillingOptions {
  const config = loadConfig(billingEnvSchema, env, 'svc-billing');
  const local = config.STRIPE_API_HOST !== undefined || config.STRIPE_SECRET_KEY === LOCAL_STRIPE_SECRET_KEY;
  return {
    stripe: {
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      ...(local ? { host: config.STRIPE_API_HOST ?? '127.0.0.1', port: config.STRIPE_API_PORT, protocol: config.STRIPE_API_PROTOCOL } : {}),
    },
    appUrl: config.APP_URL,
    graceDays: config.BILLING_GRACE_DAYS,
  };
}
