import type { Db } from '@agentdock/service-data';
import { and, eq, gt, isNull } from '@agentdock/service-data/orm';
import { linkCodes } from '../db/schema';
import { IdentityError } from './errors';
import { pkceChallengeMatches, randomToken, sha256 } from './secrets';

const LINK_CODE_TTL_MS = 60 * 60 * 1000;

export type LinkPurpose = (typeof linkCodes.$inferSelect)['purpose'];

/** A one-time code for an emailed link, usable for an hour by the browser holding the PKCE verifier. */
export async function createLinkCode(db: Db, input: { userId: string; purpose: LinkPurpose; codeChallenge: string }): Promise<string> {
  const code = randomToken();
  await db.insert(linkCodes).values({ codeHash: sha256(code), ...input, expiresAt: new Date(Date.now() + LINK_CODE_TTL_MS) });
  return code;
}

/** A link's code that is unused and unexpired, without spending it; undefined otherwise. */
export async function findLiveLinkCode(db: Db, code: string): Promise<{ userId: string; purpose: LinkPurpose } | undefined> {
  const [row] = await db
    .select()
    .from(linkCodes)
    .where(and(eq(linkCodes.codeHash, sha256(code)), isNull(linkCodes.usedAt), gt(linkCodes.expiresAt, new Date())));
  return row ? { userId: row.userId, purpose: row.purpose } : undefined;
}

/**
 * Spends a link's code: it must exist, be unused and unexpired, and the verifier must hash to the
 * challenge it was issued for. One answer for every failure; a verifier that does not match leaves
 * the code usable by the browser that does hold it.
 */
export async function consumeLinkCode(db: Db, code: string, codeVerifier: string): Promise<{ userId: string; purpose: LinkPurpose }> {
  const now = new Date();
  const live = and(eq(linkCodes.codeHash, sha256(code)), isNull(linkCodes.usedAt), gt(linkCodes.expiresAt, now));
  const [row] = await db.select().from(linkCodes).where(live);
  if (!row || !pkceChallengeMatches(codeVerifier, row.codeChallenge)) throw new IdentityError('invalid_code');
  // The guard in the update makes two simultaneous exchanges of one code yield one session.
  const [spent] = await db.update(linkCodes).set({ usedAt: now }).where(live).returning();
  if (!spent) throw new IdentityError('invalid_code');
  return { userId: spent.userId, purpose: spent.purpose };
}
