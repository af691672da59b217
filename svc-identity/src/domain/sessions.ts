import type { Session } from '@agentdock/contracts';
import type { UserRow } from '../db/schema';
import type { IssuedRefreshToken } from './refresh-tokens';
import type { AccessTokenSigner } from './signing-keys';
import { toProfile } from './users';

/** A session body for the client plus the refresh token, which travels only in the cookie. */
export interface IssuedSession {
  session: Session;
  refresh: { token: string; expiresAt: Date };
}

/** Signs an access token carrying the user's current rights and pairs it with the refresh token. */
export async function issueSession(signer: AccessTokenSigner, ttlSeconds: number, user: UserRow, refresh: IssuedRefreshToken, kind: Session['kind']): Promise<IssuedSession> {
  const { token, expiresAt } = await signer.sign(
    {
      sub: user.id,
      email: user.email,
      admin: user.isAdmin,
      tier: user.subscriptionTier,
      ...(user.fullName ? { name: user.fullName } : {}),
      sid: refresh.sessionId,
      mfa: refresh.mfaVerified,
    },
    ttlSeconds,
  );
  return {
    session: { accessToken: token, tokenType: 'bearer', expiresIn: ttlSeconds, expiresAt, kind, mfaVerified: refresh.mfaVerified, user: toProfile(user) },
    refresh: { token: refresh.refreshToken, expiresAt: refresh.expiresAt },
  };
}
