import type { Db } from '@agentdock/service-data';
import { sql } from '@agentdock/service-data/orm';
import { mfaChallenges } from '../db/schema';
import { IdentityError } from './errors';
import type { SessionKind } from './refresh-tokens';
import { randomToken, sha256 } from './secrets';

/** Long enough to open an authenticator app, short enough that a stolen challenge is stale. */
const MFA_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Wrong codes a challenge survives; after that the first factor must be given again. */
const MFA_CHALLENGE_MAX_FAILED_ATTEMPTS = 5;

export interface IssuedChallenge {
  token: string;
  expiresAt: Date;
}

export interface OpenChallenge {
  userId: string;
  kind: SessionKind;
}

/** What a first factor hands out for an account with a second factor; stored by hash only. */
export async function createChallenge(tx: Db, userId: string, kind: SessionKind): Promise<IssuedChallenge> {
  // The user's dead challenges go here, so the table holds no more than a few rows per user.
  await tx.delete(mfaChallenges).where(sql`${mfaChallenges.userId} = ${userId} and ${mfaChallenges.expiresAt} <= ${new Date().toISOString()}::timestamptz`);
  const token = randomToken();
  const expiresAt = new Date(Date.now() + MFA_CHALLENGE_TTL_MS);
  await tx.insert(mfaChallenges).values({ tokenHash: sha256(token), userId, kind, expiresAt });
  return { token, expiresAt };
}

const live = (tokenHash: string, now: Date) =>
  sql`${mfaChallenges.tokenHash} = ${tokenHash} and ${mfaChallenges.usedAt} is null and ${mfaChallenges.expiresAt} > ${now.toISOString()}::timestamptz and ${mfaChallenges.failedAttempts} < ${MFA_CHALLENGE_MAX_FAILED_ATTEMPTS}`;

/** The challenge's user and session kind while it is usable; 401 `invalid_mfa_challenge` otherwise. */
export async function openChallenge(db: Db, token: string): Promise<OpenChallenge> {
  const [row] = await db
    .select({ userId: mfaChallenges.userId, kind: mfaChallenges.kind })
    .from(mfaChallenges)
    .where(live(sha256(token), new Date()));
  if (!row) throw new IdentityError('invalid_mfa_challenge');
  return row;
}

/** Spends the challenge (once: a concurrent second spend finds it used and fails). */
export async function spendChallenge(tx: Db, token: string): Promise<void> {
  const now = new Date();
  const spent = await tx
    .update(mfaChallenges)
    .set({ usedAt: now })
    .where(live(sha256(token), now))
    .returning({ userId: mfaChallenges.userId });
  if (spent.length === 0) throw new IdentityError('invalid_mfa_challenge');
}

/** Counts a wrong code against the challenge, which dies at the limit. */
export async function failChallenge(db: Db, token: string): Promise<void> {
  await db
    .update(mfaChallenges)
    .set({ failedAttempts: sql`${mfaChallenges.failedAttempts} + 1` })
    .where(sql`${mfaChallenges.tokenHash} = ${sha256(token)}`);
}
