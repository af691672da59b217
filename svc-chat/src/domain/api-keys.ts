import { createHash } from 'node:crypto';
import { type apiKeyIssuedV1, type ApiKeyUsage, type EventData, type SubscriptionTier } from '@agentdock/contracts';
import type { Db } from '@agentdock/service-data';
import { and, eq, inArray, sql } from '@agentdock/service-data/orm';
import { AppError, NotFoundError } from '@agentdock/service-kit';
import { type ChatSchema, chatApiKeys, chatApiRequests } from '../db/schema';
import type { ApiCallerSnapshots } from './api-caller-snapshots';
import type { ApiKeyCache } from './api-key-cache';
import { type ApiAgentsRead, walletWithAgents } from './api-agents';
import type { WalletRow } from './ledger';
import { walletRow, walletTier } from './wallet';
import { PublicApiError } from './errors';
import { poolMember } from './pools/members';

export type ApiKeyRow = typeof chatApiKeys.$inferSelect;

/** The key's SHA-256 in hex, as svc-identity publishes it: the secret is 32 random bytes, so a fast hash is right. */
export function hashApiSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Midnight UTC on the first of `date`'s month: the period a key's monthly cap counts over. */
export function utcMonthStart(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
}

/** 401 invalid_api_key, with the catalogue's text ("Incorrect API key provided.") unless a more specific one is given. */
export function invalidApiKey(message?: string): PublicApiError {
  return new PublicApiError('invalid_api_key', message);
}

/** A key as it comes in; a revocation seen first is kept (upsert that never clears `revoked_at`). */
export async function applyApiKeyIssued(tx: Db<ChatSchema>, data: EventData<typeof apiKeyIssuedV1>): Promise<void> {
  const values = {
    userId: data.userId,
    secretHash: data.secretHash,
    name: data.name,
    lastFour: data.lastFour,
    monthlyCreditCap: data.monthlyCreditCap,
    allowedAgents: data.allowedAgents,
    expiresAt: data.expiresAt ? new Date(data.expiresAt) : null,
    createdAt: new Date(data.createdAt),
    organisationId: data.organisationId ?? null,
  };
  await tx
    .insert(chatApiKeys)
    .values({ id: data.keyId, ...values })
    .onConflictDoUpdate({ target: chatApiKeys.id, set: values });
}

/** From now on the key is refused; a revocation that arrives before its key leaves a tombstone the issue cannot undo. */
export async function applyApiKeyRevoked(tx: Db<ChatSchema>, data: { keyId: string; userId: string }, at: Date): Promise<void> {
  await tx
    .insert(chatApiKeys)
    .values({ id: data.keyId, userId: data.userId, revokedAt: at })
    .onConflictDoUpdate({ target: chatApiKeys.id, set: { revokedAt: sql`coalesce(${chatApiKeys.revokedAt}, excluded.revoked_at)` } });
}

/** Who a `/v1` request comes from: the key, the paying wallet's tier and the wallet as read. */
export interface ApiCaller {
  key: ApiKeyRow;
  /** The wallet that pays: the key's owner's, or for a team key the team's pool (the team's id). */
  userId: string;
  tier: SubscriptionTier;
  /** Undefined until the owner has a wallet: it is opened (free) at the first metered request. */
  wallet: WalletRow | undefined;
  /** A team key: the member who spends from the pool, within their cap. */
  pool?: { organisationId: string; memberId: string };
  /** The agents of the model the request names, read with the wallet when it was given (`authenticateApiKey`). */
  agentsRead?: ApiAgentsRead;
  /** `wallet` and `agentsRead` come from this replica's memory (`ApiCallerSnapshots`), not from a read of this request's. */
  fromSnapshot?: true;
}

/** Where a `/v1` request's key and owner are checked: the keys and the suspended users from memory, the wallet from the database. */
export interface ApiKeyCheck {
  db: Db<ChatSchema>;
  keys: ApiKeyCache;
  suspended: { has(userId: string): boolean };
  /** The completions' first reads this replica may reuse; absent, every request reads. */
  snapshots?: ApiCallerSnapshots;
}

/**
 * The caller of `Authorization: Bearer adk_…`: the key by its hash and the owner's suspension from
 * memory, and the wallet (for the tier, and for the reservation after) in one query, which also
 * reads the agents of `model` when the request names one; for a personal key without a cap, that
 * read as this replica made it for the key's last completion within a few seconds (`snapshots`),
 * unless `fresh`. Throws 401 invalid_api_key for an unknown, revoked or expired key, 403 account_suspended for a suspended owner.
 * A team key pays from the team's pool while its owner is a member (from identity's events, read
 * here on every request: a removed member's key stops at the event, whatever any cache holds).
 */
export async function authenticateApiKey(
  check: ApiKeyCheck,
  secret: string,
  { now = new Date(), model, fresh = false }: { now?: Date; model?: string; fresh?: boolean } = {},
): Promise<ApiCaller> {
  const key = await check.keys.find(check.db, hashApiSecret(secret), now.getTime());
  if (!key || key.revokedAt || (key.expiresAt && key.expiresAt <= now)) throw invalidApiKey();
  if (check.suspended.has(key.userId)) throw new PublicApiError('account_suspended', 'This account is suspended. Contact support to restore access.');
  const read = readWallet(check.db, model);
  if (key.organisationId) return teamKeyCaller(check.db, key, key.organisationId, read);
  // Only a key whose reservation is one statement reserves on a snapshot: a capped key's is made
  // under locks, on a locked read (`reserveApiReply`).
  const snapshots = model !== undefined && key.monthlyCreditCap === null ? check.snapshots : undefined;
  const seen = fresh || model === undefined ? undefined : snapshots?.find(key.id, model, now.getTime());
  if (seen) return { key, userId: key.userId, tier: walletTier(seen.wallet), wallet: seen.wallet, agentsRead: seen.agentsRead, fromSnapshot: true };
  const { wallet, agentsRead } = await read(key.userId);
  if (snapshots && wallet && agentsRead) snapshots.keep(key.id, { wallet, agentsRead }, now.getTime());
  return { key, userId: key.userId, tier: wallet ? walletTier(wallet) : 'free', wallet, ...(agentsRead && { agentsRead }) };
}

/**
 * The paying wallet's read: with `model` (a completion names its agent), the agents of that slug
 * come in the same statement, one round trip instead of two on every completion's path.
 */
function readWallet(db: Db<ChatSchema>, model: string | undefined) {
  return async (walletId: string): Promise<{ wallet: WalletRow | undefined; agentsRead?: ApiAgentsRead }> => {
    if (model === undefined) return { wallet: await walletRow(db, walletId) };
    const { wallet, agents } = await walletWithAgents(db, walletId, model);
    return { wallet, agentsRead: agents };
  };
}

/** The caller of a team key: the team's pool pays, and only while the key's owner is a member. */
async function teamKeyCaller(db: Db<ChatSchema>, key: ApiKeyRow, organisationId: string, read: ReturnType<typeof readWallet>): Promise<ApiCaller> {
  try {
    await poolMember(db, organisationId, key.userId);
  } catch (error) {
    if (error instanceof NotFoundError) throw invalidApiKey('This API key belongs to a team its owner is no longer a member of, so it no longer works.');
    throw error;
  }
  // A team's pool is opened by billing's events only: a key of a team with none has nothing to spend.
  const { wallet, agentsRead } = await read(organisationId);
  if (!wallet) throw new AppError('team_pool_empty');
  return { key, userId: organisationId, tier: walletTier(wallet), wallet, pool: { organisationId, memberId: key.userId }, ...(agentsRead && { agentsRead }) };
}

/** A key's share of a reservation: what it put on the key's monthly counter, and in which month. */
export interface KeyHold {
  keyId: string;
  monthStart: Date;
  credits: number;
}

/**
 * The key row locked until the transaction ends (after the wallet's, in every transaction that
 * takes both), with what it spent this month: a counter from an earlier month counts as 0.
 * A key revoked since the request was authenticated is refused here.
 */
export async function lockApiKey(tx: Db<ChatSchema>, keyId: string, now: Date): Promise<{ key: ApiKeyRow; monthStart: Date; spent: number }> {
  const [key] = await tx.select().from(chatApiKeys).where(eq(chatApiKeys.id, keyId)).for('update');
  if (!key || key.revokedAt) throw invalidApiKey();
  const monthStart = utcMonthStart(now);
  const spent = key.monthStart?.getTime() === monthStart.getTime() ? key.monthCredits : 0;
  return { key, monthStart, spent };
}

/** Puts a reservation on the key's counter (a new month starts it again from 0). */
export async function holdKeyCredits(tx: Db<ChatSchema>, locked: { key: ApiKeyRow; monthStart: Date; spent: number }, credits: number): Promise<KeyHold> {
  await tx
    .update(chatApiKeys)
    .set({ monthStart: locked.monthStart, monthCredits: locked.spent + credits })
    .where(eq(chatApiKeys.id, locked.key.id));
  return { keyId: locked.key.id, monthStart: locked.monthStart, credits };
}

/** Gives the unused part of a hold back to the key's counter, unless the month it was taken in is over. */
export async function releaseKeyCredits(tx: Db<ChatSchema>, hold: KeyHold, credits: number): Promise<void> {
  if (credits <= 0) return;
  await tx
    .update(chatApiKeys)
    .set({ monthCredits: sql`greatest(${chatApiKeys.monthCredits} - ${credits}, 0)` })
    .where(and(eq(chatApiKeys.id, hold.keyId), eq(chatApiKeys.monthStart, hold.monthStart)));
}

/**
 * Every key of the user that has been used (team keys too, whose requests are the pool's): when
 * last, and this UTC month's requests and credits.
 */
export async function apiKeyUsageFor(db: Db<ChatSchema>, userId: string, now = new Date()): Promise<ApiKeyUsage[]> {
  const month = utcMonthStart(now);
  const thisMonth = sql`${chatApiRequests.createdAt} >= ${month}`;
  const rows = await db
    .select({
      keyId: chatApiRequests.keyId,
      lastUsedAt: sql<Date | null>`max(${chatApiRequests.createdAt})`.mapWith(chatApiRequests.createdAt),
      requests: sql<number>`(count(*) filter (where ${thisMonth}))::int`,
      credits: sql<number>`coalesce(sum(${chatApiRequests.credits}) filter (where ${thisMonth}), 0)::bigint`,
    })
    .from(chatApiRequests)
    .where(inArray(chatApiRequests.keyId, db.select({ id: chatApiKeys.id }).from(chatApiKeys).where(eq(chatApiKeys.userId, userId))))
    .groupBy(chatApiRequests.keyId);
  return rows.map((row) => ({
    keyId: row.keyId,
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
    requestsThisMonth: Number(row.requests),
    creditsThisMonth: Number(row.credits),
  }));
}
