import { type ErrorCode, IDENTITY_ERROR_CODES } from '@agentdock/contracts';
import { ForbiddenError, ServiceUnavailableError, UnauthorizedError } from '../errors/app-errors';

/** The token is malformed, forged, for another audience or issuer, or lacks required claims. */
export class InvalidTokenError extends UnauthorizedError {
  static override readonly code: ErrorCode = 'invalid_token';
  constructor(cause?: unknown) {
    super(undefined, { code: 'invalid_token', cause });
  }
}

/** The token was genuine but is past its expiry: the client should refresh and retry. */
export class TokenExpiredError extends UnauthorizedError {
  static override readonly code: ErrorCode = 'token_expired';
  constructor(cause?: unknown) {
    super(undefined, { code: 'token_expired', cause });
  }
}

/** The signing keys could not be fetched, so no verdict on the token is possible. */
export class AuthUnavailableError extends ServiceUnavailableError {
  static override readonly code: ErrorCode = 'auth_unavailable';
  constructor(cause?: unknown) {
    super(undefined, { code: 'auth_unavailable', cause });
  }
}

/**
 * The token is genuine and unexpired, but its session has ended (signed out, password changed,
 * suspended): the client's refresh fails too, so it signs in again.
 */
export class SessionRevokedError extends UnauthorizedError {
  static override readonly code: ErrorCode = IDENTITY_ERROR_CODES.sessionRevoked;
  constructor() {
    super(undefined, { code: IDENTITY_ERROR_CODES.sessionRevoked });
  }
}

/** The token is genuine but its user has been suspended by an admin. */
export class AccountSuspendedError extends ForbiddenError {
  static override readonly code: ErrorCode = IDENTITY_ERROR_CODES.accountSuspended;
  constructor() {
    super(undefined, { code: IDENTITY_ERROR_CODES.accountSuspended });
  }
}

/**
 * An admin's token from a sign-in without a second factor, where ADMIN_REQUIRE_MFA asks for one:
 * the console tells the admin to set up two-factor sign-in.
 */
export class MfaRequiredError extends ForbiddenError {
  static override readonly code: ErrorCode = IDENTITY_ERROR_CODES.mfaRequired;
  constructor() {
    super(undefined, { code: IDENTITY_ERROR_CODES.mfaRequired });
  }
}
