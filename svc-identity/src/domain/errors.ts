import { IDENTITY_ERROR_CODES as CLIENT_CODES } from '@agentdock/contracts';
import { AppError } from '@agentdock/service-kit';

// The codes a client acts on are the contract's, so the two sides cannot drift apart.
const FAILURES = {
  [CLIENT_CODES.invalidCredentials]: [400, 'Invalid login credentials'],
  [CLIENT_CODES.emailNotConfirmed]: [403, 'Email not confirmed. Please open the confirmation link we emailed you before signing in.'],
  [CLIENT_CODES.invalidCode]: [400, 'This link is invalid or has expired. Please request a new one.'],
  [CLIENT_CODES.invalidOtp]: [400, 'The code is invalid or has expired. Please check it or request a new code.'],
  [CLIENT_CODES.invalidRefreshToken]: [401, 'Your session has ended. Please sign in again.'],
  [CLIENT_CODES.refreshTokenReused]: [401, 'Your session was ended for your security. Please sign in again.'],
  json_required: [400, 'This request must be sent as JSON (Content-Type: application/json).'],
  user_not_found: [404, 'No user with this id.'],
  cannot_suspend_self: [400, 'You cannot suspend your own account.'],
  phone_taken: [409, 'This phone number is already used by another account.'],
} as const satisfies Record<string, readonly [number, string]>;

export type IdentityErrorCode = keyof typeof FAILURES;

/** Failures of the identity domain, told apart by `code`; the kit's handler maps them to HTTP. */
export class IdentityError extends AppError {
  constructor(code: IdentityErrorCode) {
    const [status, message] = FAILURES[code];
    super(status, code, message);
  }
}
