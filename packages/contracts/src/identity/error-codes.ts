// Kept apart from the zod schemas so the browser's session client can use it without zod.
import type { ErrorCode } from '../http/error-catalogue';

/** error.code values of svc-identity's answers that a client may need to tell apart (their texts: ERROR_CATALOGUE). */
export const IDENTITY_ERROR_CODES = {
  /** 400: wrong email/phone or password (one answer for both, so accounts are not revealed). */
  invalidCredentials: 'invalid_credentials',
  /** 403: right password, but the address has not been confirmed yet. */
  emailNotConfirmed: 'email_not_confirmed',
  /** 403: the account is suspended (sign-in, refresh, and every service's API). */
  accountSuspended: 'account_suspended',
  /** 400: an emailed link's code is unknown, used, expired, or not for this browser (PKCE). */
  invalidCode: 'invalid_code',
  /** 400: a wrong, expired or spent 6-digit code (an emailed sign-in code, or one texted to a new phone number). */
  invalidOtp: 'invalid_otp',
  /** 401: no refresh cookie, or one that is unknown, expired or revoked. */
  invalidRefreshToken: 'invalid_refresh_token',
  /** 401: an already rotated refresh token came back; its whole session was revoked. */
  refreshTokenReused: 'refresh_token_reused',
  /** 403: an admin endpoint needs a token from a sign-in with a second factor (ADMIN_REQUIRE_MFA). */
  mfaRequired: 'mfa_required',
  /** 400: a wrong, replayed or spent authenticator or recovery code. */
  invalidMfaCode: 'invalid_mfa_code',
  /** 401: the second step's challenge is unknown, expired, used or dead after too many wrong codes. */
  invalidMfaChallenge: 'invalid_mfa_challenge',
  /** 401: the token's session was ended (signed out, password changed, suspended): sign in again. */
  sessionRevoked: 'session_revoked',
  /** 403: a credential change needs the current password or a sign-in by email or second factor within the last few minutes. */
  reauthenticationRequired: 'reauthentication_required',
  /** 400: the current password given to confirm a credential change is wrong. */
  invalidCurrentPassword: 'invalid_current_password',
  /** 409: the account already has MAX_API_KEYS_PER_ACCOUNT keys; revoking one makes room. */
  apiKeyLimitReached: 'api_key_limit_reached',
  /** 409: a team invitation or its acceptance would pass the seats the team pays for; the owner can add seats. */
  noSeatLeft: 'no_seat_left',
  /** 403: signed in with another account than the one of the invited address. */
  invitationWrongAccount: 'invitation_wrong_account',
  /** 409: the owner must transfer ownership before leaving the team. */
  ownerMustTransfer: 'owner_must_transfer',
  /** 429, with Retry-After. */
  rateLimited: 'rate_limited',
} as const satisfies Record<string, ErrorCode>;
