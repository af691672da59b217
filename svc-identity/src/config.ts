import { randomBytes } from 'node:crypto';
import { booleanFlagSchema, encryptionKeySchema, encryptionKeysSchema, httpUrlSchema, loadConfig, positiveIntSchema, proxyHopsSchema } from '@agentdock/service-kit';
import { z } from 'zod';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings, rateLimitOverrides } from './domain/rate-limit-settings';

/** What makes one identity deployment differ from another (on top of every service's env). */
export interface IdentityOptions {
  /** The origin users open; emailed links point there (e.g. https://app.example.com). */
  publicUrl: string;
  /** Accounts with these addresses become admins once confirmed, and at every start. */
  adminEmails: string[];
  /** Real SMTP when set; otherwise every email is kept in the local mailbox table. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Serves the local mailbox page and JSON; refused in production. */
  mailboxEnabled: boolean;
  /**
   * The secret the mailbox asks for (query `token` or header `x-mailbox-token`). The mailbox holds
   * sign-in codes and links, so whoever can reach the port must not be able to read it.
   */
  mailboxToken: string;
  accessTokenTtlSeconds: number;
  /** How long an emailed sign-in code works; the email and the sign-in page both state it. */
  otpTtlMinutes: number;
  /** Marks the refresh cookie Secure (set it whenever the site is served over https). */
  cookieSecure: boolean;
  /**
   * A rotated refresh token used again within this many seconds gets a fresh token of its own
   * instead of revoking the session: two tabs refreshing at once are not an attack.
   */
  refreshReuseGraceSeconds: number;
  /** Proxies in front of this service whose X-Forwarded-For names the client (the gateway is one). */
  trustProxyHops: number;
  rateLimits: RateLimitSettings;
  /** Seals the authenticator secrets at rest (AES-256-GCM); see the README on rotating it. */
  mfaEncryptionKey: Buffer;
  /** Keys sealed with before the current one: still opened, and resealed with it at start. */
  mfaEncryptionKeysPrevious: Buffer[];
  /** Members a team may have before it has a subscription; 1 by default: the owner alone. */
  teamFreeSeats: number;
}

const encryptionKey = encryptionKeySchema;
const encryptionKeys = encryptionKeysSchema;

const emailList = z.string().transform((text, ctx) => {
  const emails = text
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  for (const email of emails) {
    if (!z.email().safeParse(email).success) ctx.addIssue({ code: 'custom', message: `"${email}" is not an email address` });
  }
  return emails;
});

/** svc-identity's own variables; every variable has a default that works on one machine. */
export const identityEnvSchema = z
  .object({
    NODE_ENV: z.string().optional(),
    PUBLIC_URL: httpUrlSchema.default('http://localhost:3000'),
    ADMIN_EMAILS: emailList.default([]),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'expected an smtp:// or smtps:// URL' }).optional(),
    MAIL_FROM: z.string().min(3).default('Agentdock <no-reply@agentdock.local>'),
    MAILBOX_ENABLED: booleanFlagSchema.default(false),
    /** Fixed mailbox secret (tests, scripts); a random one is made at every start otherwise. */
    MAILBOX_TOKEN: z.string().min(16, { error: 'expected at least 16 characters' }).max(200).optional(),
    ACCESS_TOKEN_TTL_SECONDS: positiveIntSchema.max(86_400, { error: 'expected at most 86400 (one day)' }).default(600),
    OTP_TTL_MINUTES: positiveIntSchema.max(60, { error: 'expected at most 60 minutes' }).default(10),
    COOKIE_SECURE: booleanFlagSchema.default(false),
    REFRESH_REUSE_GRACE_SECONDS: z.coerce.number({ error: 'expected a number' }).int().min(0).max(60).default(10),
    TRUST_PROXY_HOPS: proxyHopsSchema.default(1),
    AUTH_RATE_LIMITS: rateLimitOverrides.default({}),
    // No default: a key everyone knows would seal nothing. `npm start` keeps one in its data folder.
    MFA_ENCRYPTION_KEY: encryptionKey,
    MFA_ENCRYPTION_KEY_PREVIOUS: encryptionKeys.default([]),
    TEAM_FREE_SEATS: positiveIntSchema.max(1000, { error: 'expected at most 1000' }).default(1),
  })
  .refine((env) => !(env.MAILBOX_ENABLED && env.NODE_ENV === 'production'), {
    message: 'the local mailbox is for development only; it cannot be enabled when NODE_ENV=production',
    path: ['MAILBOX_ENABLED'],
    when: () => true,
  })
  .transform((env): IdentityOptions => ({
    publicUrl: env.PUBLIC_URL,
    adminEmails: env.ADMIN_EMAILS,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    mailboxEnabled: env.MAILBOX_ENABLED,
    mailboxToken: env.MAILBOX_TOKEN ?? randomBytes(24).toString('base64url'),
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    otpTtlMinutes: env.OTP_TTL_MINUTES,
    cookieSecure: env.COOKIE_SECURE,
    refreshReuseGraceSeconds: env.REFRESH_REUSE_GRACE_SECONDS,
    trustProxyHops: env.TRUST_PROXY_HOPS,
    rateLimits: applyOverrides(DEFAULT_RATE_LIMITS, env.AUTH_RATE_LIMITS),
    mfaEncryptionKey: env.MFA_ENCRYPTION_KEY,
    mfaEncryptionKeysPrevious: env.MFA_ENCRYPTION_KEY_PREVIOUS,
    teamFreeSeats: env.TEAM_FREE_SEATS,
  }));

function applyOverrides(defaults: RateLimitSettings, overrides: z.infer<typeof rateLimitOverrides>): RateLimitSettings {
  const settings = structuredClone(defaults);
  for (const { action, scope, points } of Object.values(overrides)) settings[action][scope].points = points;
  return settings;
}

/** Reads svc-identity's options from an environment; throws a ConfigError naming every bad variable. */
export function loadIdentityOptions(env: Record<string, string | undefined>): IdentityOptions {
  return loadConfig(identityEnvSchema, env, 'svc-identity');
}
