import { Button, ConfirmDialog } from '@agentdock/ui';
import { formatDateTime } from '../../console/format';
import { LoadStates } from '../../console/load-states';
import { useCustomerSecurity } from './use-customer';

export const RESET_MFA_CONFIRMATION = 'Reset two-factor authentication? The customer signs in with their password alone until they set it up again.';

export function CustomerSecurity({ userId }: { userId: string }) {
  const { security, confirming, setConfirming, pending, resetMfa, revoke } = useCustomerSecurity(userId);
  return (
    <div className="adm-breakdown">
      <h3>Sign-in and security</h3>
      <LoadStates loaded={security} label="Security">
        {(data) => (
          <>
            <p className="adm-row-actions">
              <span data-testid="mfa-status">
                {data.mfaEnabled ? `Two-factor authentication is on (since ${formatDateTime(data.mfaEnabledAt!)}).` : 'Two-factor authentication is off.'}
              </span>
              {data.mfaEnabled && (
                <Button size="sm" variant="danger" onClick={() => setConfirming(true)}>
                  Reset two-factor
                </Button>
              )}
            </p>
            {data.sessions.length === 0 ? (
              <p className="adm-empty">No open sign-ins.</p>
            ) : (
              <ul className="adm-list" aria-label="Open sign-ins">
                {data.sessions.map((session) => (
                  <li key={session.id} className="adm-list__row">
                    <span>{`Signed in ${formatDateTime(session.createdAt)} (${session.kind}), until ${formatDateTime(session.expiresAt)}`}</span>
                    <Button size="sm" variant="secondary" onClick={() => void revoke(session)} aria-label={`End the sign-in of ${formatDateTime(session.createdAt)}`}>
                      End sign-in
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            {confirming && (
              <ConfirmDialog title={RESET_MFA_CONFIRMATION} confirmLabel="Reset" pending={pending} onConfirm={() => void resetMfa()} onCancel={() => setConfirming(false)} />
            )}
          </>
        )}
      </LoadStates>
    </div>
  );
}
