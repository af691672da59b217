import * as z from 'zod/mini';
import { singleLineText } from '../http/text';
import { MAX_WALLET_CREDITS } from '../chat/rules';

/** Every secret starts with it, so a leaked key is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'adk_';

/** The account page that lists the keys: the shell's route table, the account remote and the security emails name it. */
export const API_KEYS_PATH = '/dashboard/api-keys';

export { MAX_API_KEYS_PER_ACCOUNT } from './api-key-limit';

/** An agent's slug, as `/v1` names models. */
const agentSlug = z.string().check(z.trim(), z.regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'Choose agents from the list'));

/** POST /api/identity/me/api-keys: a credential change, so it needs a recent sign-in or the current password. */
export const apiKeyCreateRequest = z.object({
  name: singleLineText(z.string().check(z.trim(), z.minLength(1, 'Give the key a name'), z.maxLength(80, 'Use at most 80 characters for the name'))),
  /** Credits the key may spend per calendar month (UTC); none: only the wallet limits it. */
  monthlyCreditCap: z.optional(
    z.nullable(
      z
        .number()
        .check(
          z.int('Enter a whole number of credits'),
          z.positive('Enter a cap above 0, or leave it empty'),
          z.lte(MAX_WALLET_CREDITS, 'That cap is larger than any wallet can hold'),
        ),
    ),
  ),
  /** Agent slugs the key may use; none: every agent the owner's plan includes. */
  allowedAgents: z.optional(z.nullable(z.array(agentSlug).check(z.minLength(1, 'Choose at least one agent, or allow all'), z.maxLength(50, 'Choose at most 50 agents')))),
  /** After this instant the key is refused; none: until revoked. */
  expiresAt: z.optional(z.nullable(z.string().check(z.iso.datetime({ offset: true, message: 'Enter a valid expiry date' })))),
  currentPassword: z.optional(z.string().check(z.maxLength(200))),
});
export type ApiKeyCreateRequest = z.infer<typeof apiKeyCreateRequest>;

/** A key as its owner sees it: never the secret, only its last four characters. */
export const apiKeySummary = z.object({
  id: z.string().check(z.uuid()),
  name: z.string(),
  lastFour: z.string(),
  monthlyCreditCap: z.nullable(z.number()),
  allowedAgents: z.nullable(z.array(z.string())),
  expiresAt: z.nullable(z.string()),
  createdAt: z.string(),
  /** The team whose pool the key spends from; null for a personal key. */
  organisationId: z.nullable(z.string()),
});
export type ApiKeySummary = z.infer<typeof apiKeySummary>;

export const apiKeyList = z.object({ keys: z.array(apiKeySummary) });
export type ApiKeyList = z.infer<typeof apiKeyList>;

/** 201: the only answer that carries the secret. */
export const apiKeyCreated = z.object({ key: apiKeySummary, secret: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreated>;
