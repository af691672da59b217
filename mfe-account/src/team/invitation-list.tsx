import { useState } from 'react';
import { Button, TruncatedText } from '@agentdock/ui';
import { formatMoment } from '../api-keys/key-list';
import { ROLE_LABELS, type InvitationSummary } from './team-api';

export const NO_INVITATIONS = 'No invitations are waiting for an answer.';

interface InvitationListProps {
  invitations: InvitationSummary[];
  onResend: (invitation: InvitationSummary) => Promise<void>;
  onRevoke: (invitation: InvitationSummary) => Promise<void>;
}

/** Invitations not yet accepted, with Resend (a new link, 7 more days) and Revoke. */
export function InvitationList({ invitations, onResend, onRevoke }: InvitationListProps) {
  if (invitations.length === 0) return <p className="ad-muted">{NO_INVITATIONS}</p>;
  return (
    <ul className="ad-plain-list acc-team__list" aria-label="Pending invitations">
      {invitations.map((invitation) => (
        <InvitationItem key={invitation.id} invitation={invitation} onResend={onResend} onRevoke={onRevoke} />
      ))}
    </ul>
  );
}

function InvitationItem({ invitation, onResend, onRevoke }: { invitation: InvitationSummary } & Omit<InvitationListProps, 'invitations'>) {
  const [busy, setBusy] = useState<'resend' | 'revoke' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const act = async (what: 'resend' | 'revoke') => {
    setBusy(what);
    setError(null);
    try {
      await (what === 'resend' ? onResend : onRevoke)(invitation);
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : 'That did not work. Please try again.');
    } finally {
      setBusy(null);
    }
  };
  return (
    <li className="acc-team__item">
      <div className="acc-team__who">
        <TruncatedText className="acc-team__email" text={invitation.email} />
        <span className="ad-muted">
          {ROLE_LABELS[invitation.role]} · expires {formatMoment(invitation.expiresAt)}
        </span>
      </div>
      <div className="ad-row acc-team__actions">
        <Button size="sm" variant="secondary" disabled={busy !== null} onClick={() => void act('resend')} aria-label={`Resend the invitation to ${invitation.email}`}>
          {busy === 'resend' ? 'Resending…' : 'Resend'}
        </Button>
        <Button size="sm" variant="danger" disabled={busy !== null} onClick={() => void act('revoke')} aria-label={`Revoke the invitation to ${invitation.email}`}>
          {busy === 'revoke' ? 'Revoking…' : 'Revoke'}
        </Button>
      </div>
      {error && (
        <p className="ad-field__error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
