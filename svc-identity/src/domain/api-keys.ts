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
import { type Db, recordAdminAction, type Tx } from '@agentdock/service-data';
import { and, count, desc, eq, isNull, type SQL } from '@agentdock/service-data/orm';
import { ValidationError } from '@agentdock/service-kit';
import { z } from 'zod';
import { type ApiKeyRow, apiKeys, type IdentitySchema, type UserRow, users } from '../db/schema';
import { emails } from './emails';
import { IdentityError } from './errors';
import type { Mailer } from './mailer';
import type { ConfirmCredentialChange, CurrentSession } from './profile';
import { membershipOf } from './teams/access';
import { recordActivity } from './teams/activity';
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
    organisationId: row.organisationId,
  };
}

/** How the team's activity log names a key: its name and the end of its secret, never more. */
const keyLabel = (row: Pick<ApiKeyRow, 'name' | 'lastFour'>) => `${row.name} (…${row.lastFour})`;

/** Keys of one workspace: a team's (`organisationId`) or the personal one (null). */
const inWorkspace = (organisationId: string | null) => (organisationId ? eq(apiKeys.organisationId, organisationId) : isNull(apiKeys.organisationId));

const keysUrl = (publicUrl: string) => new URL(API_KEYS_PATH, publicUrl).toString();

/**
 * The user's keys of one workspace that are not revoked (expired ones too, so the owner can see and
 * revoke them), newest first: their personal keys, or with `organisationId` the team keys they made
 * in that team, which they must still belong to (404 otherwise, as every team request).
 */
export async function listApiKeys(db: Db<IdentitySchema>, userId: string, organisationId: string | null = null): Promise<ApiKeyList> {
  if (organisationId) await membershipOf(db, organisationId, userId);
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), inWorkspace(organisationId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return { keys: rows.map(toSummary) };
}

/**
 * Issues a key and returns its secret, the only time anyone sees it. A key spends the owner's
 * credits from anywhere, so this is a credential change: the current password or a recent sign-in
 * by email or second factor (ConfirmCredentialChange, from `source`). Published, audited and emailed.
 * A team key (`organisationId`) needs the caller to be a member of the team, any role: it spends from
 * the team's pool within their cap, and the team's activity log records it.
 */
export async function createApiKey(
  deps: ApiKeyDeps,
  current: CurrentSession,
  input: ApiKeyCreateRequest,
  source: string,
  organisationId: string | null = null,
  now = new Date(),
): Promise<ApiKeyCreated> {
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
    if (organisationId) await membershipOf(tx, organisationId, user.id);
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
        organisationId,
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
      organisationId,
    });
    if (organisationId) await recordActivity(tx, { organisationId, action: 'key.created', actorEmail: user.email, subject: user.email, detail: keyLabel(key) });
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
 * Revokes one of the user's personal keys: published (svc-chat refuses it once consumed), audited and
 * emailed. Revoking it again changes nothing; another user's key, a team key, or none, is 404 alike,
 * so ids of other accounts' keys cannot be probed.
 */
export async function revokeApiKey(deps: ApiKeyDeps, user: UserRow, id: string): Promise<void> {
  await revokeKey(deps, user, id, async () => and(eq(apiKeys.userId, user.id), isNull(apiKeys.organisationId)));
}

/**
 * Revokes a team key: its owner may, and so may the team's owners and admins (a leaked key must not
 * wait for the member). The team's log records it. A key of another team, or none, is 404.
 */
export async function revokeTeamApiKey(deps: ApiKeyDeps, user: UserRow, organisationId: string, id: string): Promise<void> {
  await revokeKey(deps, user, id, async (tx) => {
    const { role } = await membershipOf(tx, organisationId, user.id);
    const team = eq(apiKeys.organisationId, organisationId);
    return role === 'member' ? and(team, eq(apiKeys.userId, user.id)) : team;
  });
}

async function revokeKey(deps: ApiKeyDeps, user: UserRow, id: string, scope: (tx: Tx<IdentitySchema>) => Promise<SQL | undefined>): Promise<void> {
  // An id that is not a UUID names no key (and would not reach the uuid column).
  if (!keyId.safeParse(id).success) throw new IdentityError('api_key_not_found');
  const { writer } = deps;
  const revoked = await writer.transaction(async (tx) => {
    const mine = and(eq(apiKeys.id, id), await scope(tx));
    const [key] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(mine, isNull(apiKeys.revokedAt)))
      .returning();
    if (!key) {
      const [already] = await tx.select({ id: apiKeys.id }).from(apiKeys).where(mine);
      if (!already) throw new IdentityError('api_key_not_found');
      return undefined;
    }
    await writer.enqueue(tx, apiKeyRevokedV1, { keyId: key.id, userId: key.userId, organisationId: key.organisationId });
    if (key.organisationId) await recordActivity(tx, { organisationId: key.organisationId, action: 'key.revoked', actorEmail: user.email, subject: null, detail: keyLabel(key) });
    await recordAdminAction(tx, {
      actor: { id: user.id, email: user.email },
      action: 'api-key.revoked',
      subjectUserId: key.userId,
      target: `api-key:${key.id}`,
      before: { name: key.name, lastFour: key.lastFour, revokedAt: null },
      after: { name: key.name, lastFour: key.lastFour, revokedAt: key.revokedAt?.toISOString() ?? null },
    });
    return key;
  });
  // The email goes to the account whose key it was, which is the revoker's for a personal key.
  if (revoked && revoked.userId === user.id) deps.mailer.sendInBackground(emails.apiKeyRevoked(user.email, revoked, keysUrl(deps.publicUrl)));
}

/**
 * A member left or was removed (`userId`), or the team was deleted (no `userId`): their team keys
 * are revoked in that transaction and published, so svc-chat refuses them once it consumes the
 * events (its pool membership, from the removed event, refuses them too). `actorEmail`: who did it,
 * for the team's log; a deleted team has no log left to write to.
 */
export async function revokeTeamKeys(
  writer: IdentityWriter,
  tx: Tx,
  input: { organisationId: string; userId?: string; actorEmail?: string; subjectEmail?: string },
): Promise<void> {
  const revoked = await tx
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.organisationId, input.organisationId), input.userId ? eq(apiKeys.userId, input.userId) : undefined, isNull(apiKeys.revokedAt)))
    .returning();
  for (const key of revoked) {
    await writer.enqueue(tx, apiKeyRevokedV1, { keyId: key.id, userId: key.userId, organisationId: input.organisationId });
    if (input.actorEmail !== undefined)
      await recordActivity(tx, {
        organisationId: input.organisationId,
        action: 'key.revoked',
        actorEmail: input.actorEmail,
        subject: input.subjectEmail ?? null,
        detail: keyLabel(key),
      });
  }
}
