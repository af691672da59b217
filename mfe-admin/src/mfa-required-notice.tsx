import { IDENTITY_ERROR_CODES } from '@agentdock/contracts';
import { LinkButton } from '@agentdock/ui';

/** Whether an admin endpoint refused the session for lack of a second factor (ADMIN_REQUIRE_MFA). */
export function isMfaRequired(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === IDENTITY_ERROR_CODES.mfaRequired;
}

/**
 * What the console shows instead of its data when the server answers 403 `mfa_required`: the
 * server's message and the way to the dashboard, where the admin sets up the authenticator.
 */
export function MfaRequiredNotice({ message }: { message: string }) {
  return (
    <div className="ad-error-state" role="alert">
      <h2>Two-factor authentication required</h2>
      <p>{message}</p>
      <LinkButton to="/dashboard">Set Up Two-Factor Authentication</LinkButton>
    </div>
  );
}
