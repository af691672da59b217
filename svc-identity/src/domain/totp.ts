import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
const DIGITS = 6;
const ALGORITHM = 'SHA1';
/** A clock one step fast or slow still signs in. */
const DRIFT_STEPS = 1;
const ISSUER = 'Agentdock';
/** 160 bits, the size RFC 4226 recommends for an HMAC-SHA-1 key. */
const SECRET_BYTES = 20;

function totp(secretBase32: string, label = ''): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: ALGORITHM, digits: DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

/** A fresh random secret, base32 (what apps accept when typed in). */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The `otpauth://totp/…` URI an app reads from the QR code. */
export function totpUri(secretBase32: string, accountName: string): string {
  return totp(secretBase32, accountName).toString();
}

/** The code for a moment (tests, and the vectors of RFC 6238). */
export function totpAt(secretBase32: string, timestampMs: number): string {
  return totp(secretBase32).generate({ timestamp: timestampMs });
}

/**
 * The 30-second step a code belongs to when it is right for now or one step either side, else
 * null. The caller refuses a step it has already accepted, so a code cannot be replayed.
 */
export function matchingTotpStep(secretBase32: string, code: string, timestampMs: number): number | null {
  const delta = totp(secretBase32).validate({ token: code, timestamp: timestampMs, window: DRIFT_STEPS });
  if (delta === null) return null;
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: timestampMs }) + delta;
}
