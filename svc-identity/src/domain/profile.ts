import type { AccessTokenClaims } from '@agentdock/contracts';
import { AccountSuspendedError, UnauthorizedError } from '@agentdock/service-kit';
import { type Db } from '@agentdock/service-data';
import type { IdentitySchema, UserRow } from '../db/schema';
import { hashPassword } from './passwords';
import { revokeUserSessions } from './refresh-tokens';
import { findUser, setPasswordHash } from './users';
import type { IdentityWriter } from './writer';

/**
 * The signed-in user as this service knows them now, not as their token (minted up to its TTL
 * ago) says: a deleted account is signed out (401), a suspended one refused (403).
 */
export async function currentUser(db: Db<IdentitySchema>, claims: AccessTokenClaims): Promise<UserRow> {
  const user = await findUser(db, claims.sub);
  if (!user) throw new UnauthorizedError();
  if (user.isSuspended) throw new AccountSuspendedError();
  return user;
}

/** Sets a new password and signs out every other session (this one, `sessionId`, stays). */
export async function changePassword(writer: IdentityWriter, userId: string, sessionId: string | undefined, password: string): Promise<UserRow> {
  const passwordHash = await hashPassword(password);
  return writer.transaction(async (tx) => {
    const user = await setPasswordHash(tx, userId, passwordHash);
    await revokeUserSessions(tx, userId, 'password changed', sessionId);
    return user;
  });
}
