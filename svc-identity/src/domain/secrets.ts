import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url: refresh tokens and link codes. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Six digits, uniformly drawn (leading zeros kept). */
export function randomSixDigits(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Tokens are stored by SHA-256 only; they carry 256 bits of entropy, so no salt or slow hash is needed. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** RFC 7636 S256: the challenge is base64url(SHA-256(verifier)). */
export function pkceChallengeMatches(verifier: string, challenge: string): boolean {
  const expected = Buffer.from(sha256(verifier));
  const given = Buffer.from(challenge);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
