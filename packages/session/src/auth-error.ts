/** A failure the session client detects itself, before or instead of asking the server. */
export class AuthError extends Error {
  override readonly name = 'AuthError';

  constructor(
    readonly code: 'pkce_verifier_missing' | 'insecure_context' | 'mfa_not_pending',
    message: string,
  ) {
    super(message);
  }
}
