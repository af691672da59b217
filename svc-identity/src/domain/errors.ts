import { AppError } from '@agentdock/service-kit';

const FAILURES = {
  invalid_credentials: [400, 'Invalid login credentials'],
  email_not_confirmed: [403, 'Email not confirmed. Please open the confirmation link we emailed you before signing in.'],
  invalid_code: [400, 'This link is invalid or has expired. Please request a new one.'],
  invalid_otp: [400, 'The code is invalid or has expired. Please check it or request a new code.'],
  invalid_refresh_token: [401, 'Your session has ended. Please sign in again.'],
  refresh_token_reused: [401, 'Your session was ended for your security. Please sign in again.'],
  json_required: [400, 'This request must be sent as JSON (Content-Type: application/json).'],
  user_not_found: [404, 'No user with this id.'],
  cannot_suspend_self: [400, 'You cannot suspend your own account.'],
  phone_taken: [409, 'This phone number is already used by another account.'],
} as const satisfies Record<string, readonly [number, string]>;

export type IdentityErrorCode = keyof typeof FAILURES;

/**
 * Failures of the identity domain, told apart by `code` (those a client acts on are listed in the
 * contracts' IDENTITY_ERROR_CODES); the kit's handler maps them to HTTP.
 */
export class IdentityError extends AppError {
  constructor(code: IdentityErrorCode) {
    const [status, message] = FAILURES[code];
    super(status, code, message);
  }
}
