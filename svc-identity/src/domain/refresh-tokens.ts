import { sessionRevokedV1 } from '@agentdock/contracts';
import type { Db, Tx } from '@agentdock/service-data';
import { and, eq, gt, isNull, ne, type SQL } from '@agentdock/service-data/orm';
import { type IdentitySchema, refreshTokens, sessions, users } from '../db/schema';
import { randomToken, sha256 } from './secrets';
import type { IdentityWriter } from './writer';

/** A session family lives 30 days from sign-in, however often it is refreshed. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export type SessionKind = (typeof sessions.$inferSelect)['kind'];

/**
 * What ending a session needs: the writer, to tell every service in the same transaction, and
 * how long the session's last access token can still be valid, which is how long they refuse it.
 */
export interface SessionEnds {
  writer: IdentityWriter;
  accessTokenTtlSeconds: number;
}

// Verifiers accept a token a few seconds past its expiry (clock drift); the refusal outlasts that.
const CLOCK_MARGIN_MS = 60_000;

export interface IssuedRefreshToken {
  sessionId: string;
  userId: string;
  kind: SessionKind;
  /** The sign-in passed a second factor; its access tokens carry the `mfa` claim. */
  mfaVerified: boolean;
  refreshToken: string;
  /** When the family ends: the cookie's expiry. */
  expiresAt: Date;
}

/** Starts a session family for a user and hands out its first refresh token. */
export async function startSession(tx: Db, userId: string, kind: SessionKind, { mfaVerified = false } = {}): Promise<IssuedRefreshToken> {
  const [session] = await tx
    .insert(sessions)
    .values({ userId, kind, expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS), mfaVerifiedAt: mfaVerified ? new Date() : null })
    .returning();
  if (!session) throw new Error('The session was not stored');
  return { sessionId: session.id, userId, kind, mfaVerified, refreshToken: await addToken(tx, session.id), expiresAt: session.expiresAt };
}

/**
 * Marks a live session of the user as having passed a second factor (the first code of a new
 * authenticator proves it), so its next refresh carries the `mfa` claim.
 */
export async function markSessionMfaVerified(tx: Db, userId: string, sessionId: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ mfaVerifiedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

async function addToken(tx: Db, sessionId: string): Promise<string> {
  const token = randomToken();
  await tx.insert(refreshTokens).values({ tokenHash: sha256(token), sessionId });
  return token;
}

export type RotationOutcome =
  | ({ status: 'rotated' } & IssuedRefreshToken)
  /** Unknown, expired or revoked: sign in again. */
  | { status: 'invalid' }
  /** A rotated token came back after the grace period: the family is now revoked. */
  | { status: 'reused' }
  | { status: 'suspended' };

/**
 * Exchanges a refresh token for its successor. Each token works once: a token already exchanged
 * means a copy is in someone else's hands, so the whole family is revoked, unless it comes back
 * within `graceSeconds` (two tabs refreshing at the same moment), which earns a token of its own.
 */
export async function rotateRefreshToken(ends: SessionEnds, token: string, graceSeconds: number): Promise<RotationOutcome> {
  return ends.writer.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .select({ token: refreshTokens, session: sessions, suspended: users.isSuspended })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(refreshTokens.tokenHash, sha256(token)))
      .for('update', { of: refreshTokens });
    if (!row) return { status: 'invalid' } as const;
    // Suspension also revoked the family; saying why beats a bare "sign in again".
    if (row.suspended) return { status: 'suspended' } as const;
    if (row.session.revokedAt || row.session.expiresAt <= now) return { status: 'invalid' } as const;
    const family = {
      sessionId: row.session.id,
      userId: row.session.userId,
      kind: row.session.kind,
      mfaVerified: row.session.mfaVerifiedAt !== null,
      expiresAt: row.session.expiresAt,
    };
    if (row.token.rotatedAt) {
      if (now.getTime() - row.token.rotatedAt.getTime() > graceSeconds * 1000) {
        await endSessions(tx, ends, eq(sessions.id, row.session.id), 'refresh token reused');
        return { status: 'reused' } as const;
      }
    } else {
      await tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.tokenHash, row.token.tokenHash));
    }
    return { status: 'rotated', ...family, refreshToken: await addToken(tx, row.session.id) } as const;
  });
}

/**
 * Ends the live sessions matching `where` and publishes each end, so every service refuses their
 * access tokens from now on, not only when those expire.
 */
async function endSessions(tx: Tx<IdentitySchema>, ends: SessionEnds, where: SQL | undefined, reason: string): Promise<number> {
  const now = new Date();
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(where, isNull(sessions.revokedAt)))
    .returning({ id: sessions.id, userId: sessions.userId });
  const until = new Date(now.getTime() + ends.accessTokenTtlSeconds * 1000 + CLOCK_MARGIN_MS).toISOString();
  for (const session of ended) await ends.writer.enqueue(tx, sessionRevokedV1, { sessionId: session.id, userId: session.userId, until });
  return ended.length;
}

/** Sign-out: ends the family the token belongs to. Unknown tokens are ignored (already signed out). */
export async function revokeByRefreshToken(ends: SessionEnds, token: string): Promise<void> {
  await ends.writer.transaction(async (tx) => {
    const [row] = await tx
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(token)));
    if (row) await endSessions(tx, ends, eq(sessions.id, row.sessionId), 'signed out');
  });
}

/** Ends every session of a user (suspension), or every other one (password change). */
export async function revokeUserSessions(tx: Tx<IdentitySchema>, ends: SessionEnds, userId: string, reason: string, keepSessionId?: string): Promise<void> {
  await endSessions(tx, ends, and(eq(sessions.userId, userId), keepSessionId ? ne(sessions.id, keepSessionId) : undefined), reason);
}

/** Ends one live session of a user (an admin's choice); false when it had already ended or is not theirs. */
export async function revokeUserSession(tx: Tx<IdentitySchema>, ends: SessionEnds, userId: string, sessionId: string, reason: string): Promise<boolean> {
  return (await endSessions(tx, ends, and(eq(sessions.id, sessionId), eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())), reason)) > 0;
}
