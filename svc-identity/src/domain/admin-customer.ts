import type { AdminUserSecurity } from '@agentdock/contracts';
import { type AdminActor, type Db, recordAdminAction } from '@agentdock/service-data';
import { and, desc, eq, gt, isNull } from '@agentdock/service-data/orm';
import { type IdentitySchema, mfaFactors, sessions } from '../db/schema';
import { IdentityError } from './errors';
import { findUser } from './users';
import { revokeUserSession, type SessionEnds } from './refresh-tokens';

const openSessions = (userId: string) => and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date()));

/** A user's two-factor status and the sign-ins that can still refresh, newest first. */
export async function userSecurity(db: Db<IdentitySchema>, userId: string): Promise<AdminUserSecurity> {
  if (!(await findUser(db, userId))) throw new IdentityError('user_not_found');
  const [factor] = await db.select({ enabledAt: mfaFactors.enabledAt }).from(mfaFactors).where(eq(mfaFactors.userId, userId));
  const rows = await db.select().from(sessions).where(openSessions(userId)).orderBy(desc(sessions.createdAt));
  return {
    mfaEnabled: Boolean(factor?.enabledAt),
    mfaEnabledAt: factor?.enabledAt?.toISOString() ?? null,
    sessions: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      mfaVerifiedAt: row.mfaVerifiedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * An admin ends one of a user's sign-ins, recorded in the audit log with the change. It ends the
 * way every session ends (refresh-tokens' endSessions), so every service refuses its access tokens too.
 */
export async function revokeSessionAsAdmin(ends: SessionEnds, admin: AdminActor, userId: string, sessionId: string): Promise<void> {
  const revoked = await ends.writer.transaction(async (tx) => {
    if (!(await revokeUserSession(tx, ends, userId, sessionId, 'revoked by an admin'))) return false;
    await recordAdminAction(tx, {
      actor: admin,
      action: 'user.session_revoke',
      subjectUserId: userId,
      target: `session:${sessionId}`,
      before: { active: true },
      after: { active: false },
    });
    return true;
  });
  if (!revoked) throw new IdentityError('session_not_found');
}
