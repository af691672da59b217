import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  API_KEYS_PATH,
  type ApiKeyCreated,
  type ApiKeyCreateRequest,
  apiKeyIssuedV1,
  type ApiKeyList,
  apiKeyRevokedV1,
  type ApiKeySummary,
  MAX_API_KEYS_PER_ACCOUNT,
} from '@agentdock/contracts';
import { type Db, recordAdminAction } from '@agentdock/service-data';
import { and, count, desc, eq, isNull } from '@agentdock/service-data/orm';
import { ValidationError } from '@agentdock/service-kit';
import { z } from 'zod';
import { type ApiKeyRow, apiKeys, type IdentitySchema, type UserRow, users } from '../db/schema';
import { emails } from './emails';
import { IdentityError } from './errors';
import type { Mailer } from './mailer';
import type { ConfirmCredentialChange, CurrentSession } from './profile';
import type { IdentityWriter } from './writer';

/** What issuing and revoking keys needs from the service. */
export interface ApiKeyDeps {
  writer: IdentityWriter;
  mailer: Mailer;
  /** The site's origin, for the emails' link to the keys. */
  publicUrl: string;
  confirm: ConfirmCredentialChange;
}

/** Hex SHA-256 of the whole secret: the form svc-chat looks a bearer up by (apiKeyIssuedV1). */
export function apiKeySecretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function toSummary(row: ApiKeyRow): ApiKeySummary {
  return {
    id: row.id,
    name: row.name,
    lastFour: row.lastFour,
    monthlyCreditCap: row.monthlyCreditCap,
    allowedAgents: row.allowedAgents,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const keysUrl = (publicUrl: string) => new URL(API_KEYS_PATH, publicUrl).toString();

/** The user's keys that are not revoked (expired ones too, so the owner can see and revoke them), newest first. */
export async function listApiKeys(db: Db<IdentitySchema>, userId: string): Promise<ApiKeyList> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return { keys: rows.map(toSummary) };
}

/**
 * Issues a key and returns its secret, the only time anyone sees it. A key spends the owner's
 * credits from anywhere, so this is a credential change: the current password or a recent sign-in
 * by email or second factor (ConfirmCredentialChange, from `source`). Published, audited and emailed.
 */
export async function createApiKey(deps: ApiKeyDeps, current: CurrentSession, input: ApiKeyCreateRequest, source: string, now = new Date()): Promise<ApiKeyCreated> {
  const { user } = current;
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt <= now) throw new ValidationError([{ path: 'expiresAt', message: 'Choose an expiry date in the future' }]);
  await deps.confirm(current, input.currentPassword, source);

  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const secretHash = apiKeySecretHash(secret);
  const { writer } = deps;
  const row = await writer.transaction(async (tx) => {
    // Locks the owner's row so two creates at once cannot both take the last free place.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [live] = await tx
      .select({ keys: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, user.id), isNull(apiKeys.revokedAt)));
    if ((live?.keys ?? 0) >= MAX_API_KEYS_PER_ACCOUNT) throw new IdentityError('api_key_limit_reached');
    const [key] = await tx
      .insert(apiKeys)
      .values({
        userId: user.id,
        name: input.name,
        secretHash,
        lastFour: secret.slice(-4),
        monthlyCreditCap: input.monthlyCreditCap ?? null,
        allowedAgents: input.allowedAgents ?? null,
        expiresAt,
      })
      .returning();
    if (!key) throw new Error('The API key was not stored');
    const summary = toSummary(key);
    await writer.enqueue(tx, apiKeyIssuedV1, {
      keyId: key.id,
      userId: user.id,
      name: key.name,
      secretHash,
      lastFour: key.lastFour,
      monthlyCreditCap: summary.monthlyCreditCap,
      allowedAgents: summary.allowedAgents,
      expiresAt: summary.expiresAt,
      createdAt: summary.createdAt,
    });
    await recordAdminAction(tx, {
      actor: { id: user.id, email: user.email },
      action: 'api-key.created',
      subjectUserId: user.id,
      target: `api-key:${key.id}`,
      after: { name: key.name, lastFour: key.lastFour, monthlyCreditCap: summary.monthlyCreditCap, allowedAgents: summary.allowedAgents, expiresAt: summary.expiresAt },
    });
    return key;
  });
  deps.mailer.sendInBackground(emails.apiKeyCreated(user.email, row, keysUrl(deps.publicUrl)));
  return { key: toSummary(row), secret };
}

const keyId = z.uuid();

/**
 * Revokes one of the user's keys: published (svc-chat refuses it once consumed), audited and
 * emailed. Revoking it again changes nothing; another user's key, or none, is 404 alike, so ids
 * of other accounts' keys cannot be probed.
 */
export async function revokeApiKey(deps: ApiKeyDeps, user: UserRow, id: string): Promise<void> {
  // An id that is not a UUID names no key (and would not reach the uuid column).
  if (!keyId.safeParse(id).success) throw new IdentityError('api_key_not_found');
  const { writer } = deps;
  const revoked = await writer.transaction(async (tx) => {
    const [key] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, user.id), isNull(apiKeys.revokedAt)))
      .returning();
    if (!key) {
      const [already] = await tx
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, user.id)));
      if (!already) throw new IdentityError('api_key_not_found');
      return undefined;
    }
    await writer.enqueue(tx, apiKeyRevokedV1, { keyId: key.id, userId: user.id });
    await recordAdminAction(tx, {
      actor: { id: user.id, email: user.email },
      action: 'api-key.revoked',
      subjectUserId: user.id,
      target: `api-key:${key.id}`,
      before: { name: key.name, lastFour: key.lastFour, revokedAt: null },
      after: { name: key.name, lastFour: key.lastFour, revokedAt: key.revokedAt?.toISOString() ?? null },
    });
    return key;
  });
  if (revoked) deps.mailer.sendInBackground(emails.apiKeyRevoked(user.email, revoked, keysUrl(deps.publicUrl)));
}
