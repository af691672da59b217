import type { AccessTokenClaims } from '@agentdock/contracts';
import { AccountSuspendedError, SessionRevokedError, UnauthorizedError } from '@agentdock/service-kit';
import { type Db } from '@agentdock/service-data';
import { and, eq } from '@agentdock/service-data/orm';
import { type IdentitySchema, sessions, type UserRow, users } from '../db/schema';
import { forgotPasswordLink } from './auth';
import { emails } from './emails';
import { IdentityError } from './errors';
import type { Mailer } from './mailer';
import { type PasswordGuesses, userAccount } from './password-guesses';
import { hashPassword, verifyPassword } from './passwords';
import { revokeUserSessions, type SessionEnds } from './refresh-tokens';
import { setPasswordHash } from './users';

type SessionRow = typeof sessions.$inferSelect;

/**
 * How recently a session must have proved the account by email (an emailed link or code, a reset
 * link) or by a second factor to change a credential without typing the current password.
 */
const REAUTHENTICATION_WINDOW_MS = 5 * 60_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The signed-in user and their session as this service knows them now, not as their token
 * (minted up to its TTL ago) says: a deleted account is signed out (401), a suspended one refused
 * (403), and a session that has ended (signed out, password changed) refused at once (401
 * session_revoked), however long its access token would still be valid.
 */
export async function currentSession(db: Db<IdentitySchema>, claims: AccessTokenClaims): Promise<CurrentSession> {
  if (!claims.sid || !UUID.test(claims.sid)) throw new UnauthorizedError();
  const [row] = await db
    .select({ user: users, session: sessions })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, claims.sid), eq(sessions.userId, claims.sub)));
  if (!row) throw new UnauthorizedError();
  if (row.user.isSuspended) throw new AccountSuspendedError();
  if (row.session.revokedAt || row.session.expiresAt <= new Date()) throw new SessionRevokedError();
  return row;
}

export async function currentUser(db: Db<IdentitySchema>, claims: AccessTokenClaims): Promise<UserRow> {
  return (await currentSession(db, claims)).user;
}

/** Who is asking for a change: the user and the session their access token belongs to. */
export interface CurrentSession {
  user: UserRow;
  session: SessionRow;
}

/**
 * Checks the proof a credential change needs (a new password, phone number, second factor or API
 * key) from `source`, the client's address; throws when it is missing or wrong.
 */
export type ConfirmCredentialChange = (current: CurrentSession, currentPassword: string | undefined, source: string) => Promise<void>;

export interface ConfirmationDeps {
  guesses: PasswordGuesses;
  mailer: Mailer;
  publicUrl: string;
}

/**
 * A credential change needs more than a valid access token, which may have been stolen: the
 * current password, or a session that proved the account by email or by a second factor within
 * REAUTHENTICATION_WINDOW_MS (none: 403). The current password is a guess like one at sign-in,
 * counted against the same budget of the account and source (a wrong one is 400); a right one
 * forgives that source its failures, and the owner is emailed when wrong ones pile up.
 */
export function credentialChangeConfirmation(deps: ConfirmationDeps, now: () => number = Date.now): ConfirmCredentialChange {
  return async ({ user, session }, currentPassword, source) => {
    if (currentPassword === undefined) {
      const recent = (at: Date | null) => at !== null && now() - at.getTime() <= REAUTHENTICATION_WINDOW_MS;
      const provedByEmail = session.kind !== 'password' && recent(session.createdAt);
      if (!provedByEmail && !recent(session.mfaVerifiedAt)) throw new IdentityError('reauthentication_required');
      return;
    }
    await deps.guesses.guess(
      userAccount(user.id),
      source,
      async () => {
        if (!(await verifyPassword(user.passwordHash, currentPassword))) throw new IdentityError('invalid_current_password');
      },
      () => deps.mailer.sendInBackground(emails.reauthenticationFailures(user.email, forgotPasswordLink(deps.publicUrl))),
    );
  };
}

/** Sets a new password and signs out every other session (this one, `sessionId`, stays). */
export async function changePassword(ends: SessionEnds, userId: string, sessionId: string, password: string): Promise<UserRow> {
  const passwordHash = await hashPassword(password);
  return ends.writer.transaction(async (tx) => {
    const user = await setPasswordHash(tx, userId, passwordHash);
    await revokeUserSessions(tx, ends, userId, 'password changed', sessionId);
    return user;
  });
}
