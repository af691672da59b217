import type { Db } from '@agentdock/service-data';
import { and, eq, isNull, ne } from '@agentdock/service-data/orm';
import { refreshTokens, sessions, users } from '../db/schema';
import { randomToken, sha256 } from './secrets';

/** A session family lives 30 days from sign-in, however often it is refreshed. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export type SessionKind = (typeof sessions.$inferSelect)['kind'];

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
export async function rotateRefreshToken(db: Db, token: string, graceSeconds: number): Promise<RotationOutcome> {
  return db.transaction(async (tx) => {
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
        await revokeSession(tx, row.session.id, 'refresh token reused');
        return { status: 'reused' } as const;
      }
    } else {
      await tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.tokenHash, row.token.tokenHash));
    }
    return { status: 'rotated', ...family, refreshToken: await addToken(tx, row.session.id) } as const;
  });
}

async function revokeSession(tx: Db, sessionId: string, reason: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Sign-out: ends the family the token belongs to. Unknown tokens are ignored (already signed out). */
export async function revokeByRefreshToken(db: Db, token: string): Promise<void> {
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)));
  if (row) await revokeSession(db, row.sessionId, 'signed out');
}

/** Ends every session of a user (suspension), or every other one (password change). */
export async function revokeUserSessions(tx: Db, userId: string, reason: string, keepSessionId?: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keepSessionId ? ne(sessions.id, keepSessionId) : undefined));
}
