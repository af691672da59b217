import { IDENTITY_ERROR_CODES as CLIENT_CODES, MAX_API_KEYS_PER_ACCOUNT } from '@agentdock/contracts';
import { AppError } from '@agentdock/service-kit';

// The codes a client acts on are the contract's, so the two sides cannot drift apart.
const FAILURES = {
  [CLIENT_CODES.invalidCredentials]: [400, 'Invalid login credentials'],
  [CLIENT_CODES.emailNotConfirmed]: [403, 'Email not confirmed. Please open the confirmation link we emailed you before signing in.'],
  [CLIENT_CODES.invalidCode]: [400, 'This link is invalid or has expired. Please request a new one.'],
  [CLIENT_CODES.invalidOtp]: [400, 'The code is invalid or has expired. Please check it or request a new code.'],
  [CLIENT_CODES.invalidRefreshToken]: [401, 'Your session has ended. Please sign in again.'],
  [CLIENT_CODES.refreshTokenReused]: [401, 'Your session was ended for your security. Please sign in again.'],
  [CLIENT_CODES.invalidMfaCode]: [400, 'That code is not valid. Enter the current code from your authenticator app or an unused recovery code.'],
  [CLIENT_CODES.invalidMfaChallenge]: [401, 'Your sign-in took too long or had too many wrong codes. Please sign in again.'],
  [CLIENT_CODES.reauthenticationRequired]: [403, 'For your security, enter your current password to make this change.'],
  [CLIENT_CODES.invalidCurrentPassword]: [400, 'Your current password is not correct.'],
  [CLIENT_CODES.apiKeyLimitReached]: [409, `You have ${MAX_API_KEYS_PER_ACCOUNT} API keys, the most an account can have. Revoke one to make another.`],
  mfa_already_enabled: [409, 'Two-factor authentication is already on for this account.'],
  mfa_not_enrolling: [409, 'Start setting up two-factor authentication first.'],
  mfa_not_enabled: [409, 'Two-factor authentication is not on for this account.'],
  json_required: [400, 'This request must be sent as JSON (Content-Type: application/json).'],
  user_not_found: [404, 'No user with this id.'],
  session_not_found: [404, 'This sign-in has already ended.'],
  api_key_not_found: [404, 'No API key with this id on your account.'],
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
