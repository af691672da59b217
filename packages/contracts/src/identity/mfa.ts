import * as z from 'zod/mini';
import { session } from './auth';
import { currentPassword } from './profile';

/**
 * Bodies of svc-identity's two-factor endpoints (all under /api/identity). A second factor is an
 * authenticator app (TOTP: RFC 6238, SHA-1, 6 digits, 30 s) plus ten single-use recovery codes.
 */

export const RECOVERY_CODE_COUNT = 10;

/** The 6 digits an authenticator app shows. */
export const totpCode = z
  .string({ error: 'Enter the 6-digit code from your authenticator app' })
  .check(z.trim(), z.regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

/**
 * What the second step accepts: an authenticator code or a recovery code (`XXXXX-XXXXX`; case,
 * spaces and dashes do not matter).
 */
export const mfaCode = z.string({ error: 'Enter a code' }).check(z.trim(), z.minLength(1, 'Enter a code'), z.maxLength(40, 'Enter the 6-digit code or a recovery code'));

/**
 * What a first factor (password, emailed link, emailed code) answers for an account with a second
 * factor: no session yet, only a short-lived challenge that POST /mfa/verify turns into one.
 */
export const mfaChallenge = z.object({
  mfaRequired: z.literal(true),
  challengeToken: z.string().check(z.minLength(1)),
  /** Epoch seconds. */
  expiresAt: z.number().check(z.int(), z.positive()),
});
export type MfaChallenge = z.infer<typeof mfaChallenge>;

/** POST /signin/password, /otp/verify, /token/exchange → 200 session or challenge. */
export const signInResult = z.union([mfaChallenge, session]);
export type SignInResult = z.infer<typeof signInResult>;

/** POST /mfa/verify → 200 session (marked multi-factor verified). */
export const mfaVerifyRequest = z.object({ challengeToken: z.string().check(z.minLength(1), z.maxLength(200)), code: mfaCode });
export type MfaVerifyRequest = z.infer<typeof mfaVerifyRequest>;

/** POST /me/mfa/enrolment → 201: a fresh secret to add to an authenticator app. */
export const mfaEnrolment = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string().check(z.minLength(16)),
  otpauthUri: z.string().check(z.startsWith('otpauth://totp/')),
  /** The otpauth URI as a QR code, a `data:image/png;base64,…` URL. */
  qrCode: z.string().check(z.startsWith('data:image/png;base64,')),
});
export type MfaEnrolment = z.infer<typeof mfaEnrolment>;

/**
 * POST /me/mfa/enrolment/confirm: the first code proves the app was set up. Turning a second factor
 * on is a credential change: the current password, unless the session signed in by email or a
 * second factor within the last few minutes (403 reauthentication_required otherwise).
 */
export const mfaConfirmRequest = z.object({ code: totpCode, currentPassword });
export type MfaConfirmRequest = z.infer<typeof mfaConfirmRequest>;

/** The recovery codes, shown once (enrolment and regeneration); only their hashes are kept. */
export const mfaRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()).check(z.length(RECOVERY_CODE_COUNT)) });
export type MfaRecoveryCodes = z.infer<typeof mfaRecoveryCodes>;

/** POST /me/mfa/recovery-codes: a current code, so a stolen access token cannot mint new ones. */
export const mfaCodeRequest = z.object({ code: mfaCode });
export type MfaCodeRequest = z.infer<typeof mfaCodeRequest>;

/** POST /me/mfa/disable → 200 mfaStatus. */
export const mfaDisableRequest = z.object({ code: mfaCode, password: z.string().check(z.minLength(1, 'Enter your password'), z.maxLength(128)) });
export type MfaDisableRequest = z.infer<typeof mfaDisableRequest>;

/** GET /me/mfa */
export const mfaStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.nullable(z.string()),
  /** One entry per recovery code, in the order they were shown; `usedAt` is null while unused. */
  recoveryCodes: z.array(z.object({ number: z.number().check(z.int(), z.positive()), usedAt: z.nullable(z.string()) })),
});
export type MfaStatus = z.infer<typeof mfaStatus>;
