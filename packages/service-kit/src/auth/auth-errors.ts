import { IDENTITY_ERROR_CODES } from '@agentdock/contracts';
import { ForbiddenError, ServiceUnavailableError, UnauthorizedError } from '../errors/app-errors';

/** The token is malformed, forged, for another audience or issuer, or lacks required claims. */
export class InvalidTokenError extends UnauthorizedError {
  static override readonly code: string = 'invalid_token';
  constructor(cause?: unknown) {
    super('Your session is not valid. Please sign in again.', { code: InvalidTokenError.code, cause });
  }
}

/** The token was genuine but is past its expiry: the client should refresh and retry. */
export class TokenExpiredError extends UnauthorizedError {
  static override readonly code: string = 'token_expired';
  constructor(cause?: unknown) {
    super('Your session has expired. Please sign in again.', { code: TokenExpiredError.code, cause });
  }
}

/** The signing keys could not be fetched, so no verdict on the token is possible. */
export class AuthUnavailableError extends ServiceUnavailableError {
  static override readonly code: string = 'auth_unavailable';
  constructor(cause?: unknown) {
    super('Sign-in cannot be checked right now. Please try again shortly.', { code: AuthUnavailableError.code, cause });
  }
}

/**
 * The token is genuine and unexpired, but its session has ended (signed out, password changed,
 * suspended): the client's refresh fails too, so it signs in again.
 */
export class SessionRevokedError extends UnauthorizedError {
  static override readonly code: string = IDENTITY_ERROR_CODES.sessionRevoked;
  constructor() {
    super('Your session has ended. Please sign in again.', { code: SessionRevokedError.code });
  }
}

/** The token is genuine but its user has been suspended by an admin. */
export class AccountSuspendedError extends ForbiddenError {
  static override readonly code: string = IDENTITY_ERROR_CODES.accountSuspended;
  constructor() {
    super('Your account has been suspended. Please contact support.', { code: AccountSuspendedError.code });
  }
}

/**
 * An admin's token from a sign-in without a second factor, where ADMIN_REQUIRE_MFA asks for one:
 * the console tells the admin to set up two-factor sign-in.
 */
export class MfaRequiredError extends ForbiddenError {
  static override readonly code: string = IDENTITY_ERROR_CODES.mfaRequired;
  constructor() {
    super('Admin access requires two-factor authentication. Set it up in the Two-factor authentication section of your dashboard, or sign in again with your authenticator code.', {
      code: MfaRequiredError.code,
    });
  }
}
