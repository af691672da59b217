import { useId, useState } from 'react';
import { BILLING_TEXTS, CANCELLATION_COMMENT_MAX, CANCELLATION_REASON_LABELS, CANCELLATION_REASONS, type CancellationReason } from '@agentdock/contracts';
import { Alert, Button, Dialog, TextAreaField } from '@agentdock/ui';
import type { BillingSubscription, CancellationAnswer } from '../api/billing-api';
import { formatDate } from './subscription-format';

export interface CancelDialogProps {
  subscription: BillingSubscription;
  /** While billing is asked. */
  pending: boolean;
  /** Why the last attempt failed, shown in the dialog. */
  error: string | null;
  onConfirm: (answer: CancellationAnswer) => void;
  onClose: () => void;
}

/**
 * The question before cancelling, with an optional reason and note for the operator. Keeping the
 * subscription is the first focus (the safe answer), as Escape is.
 */
export function CancelDialog({ subscription, pending, error, onConfirm, onClose }: CancelDialogProps) {
  const legendId = useId();
  const [reason, setReason] = useState<CancellationReason | null>(null);
  const [comment, setComment] = useState('');
  const confirm = () => onConfirm({ ...(reason ? { reason } : {}), ...(comment.trim() ? { comment: comment.trim() } : {}) });
  return (
    <Dialog
      role="alertdialog"
      title={`Cancel your ${subscription.name}?`}
      description={
        <>
          <p>{BILLING_TEXTS.cancelConfirm}</p>
          <p className="ad-muted">You keep it until {formatDate(subscription.currentPeriodEnd)}, and can resume it until then.</p>
        </>
      }
      onClose={onClose}
      actions={
        <>
          <Button data-autofocus variant="secondary" onClick={onClose} disabled={pending}>
            Keep subscription
          </Button>
          <Button variant="danger" onClick={confirm} disabled={pending}>
            {pending ? 'Cancelling…' : 'Confirm cancellation'}
          </Button>
        </>
      }
    >
      <fieldset className="acc-cancel__reasons" aria-labelledby={legendId}>
        <legend id={legendId}>Why are you cancelling? (optional)</legend>
        {CANCELLATION_REASONS.map((value) => (
          <label key={value} className="acc-cancel__reason">
            <input type="radio" name="cancellation-reason" value={value} checked={reason === value} onChange={() => setReason(value)} />
            {CANCELLATION_REASON_LABELS[value]}
          </label>
        ))}
      </fieldset>
      <TextAreaField
        label="Anything else you’d like to tell us? (optional)"
        value={comment}
        maxLength={CANCELLATION_COMMENT_MAX}
        rows={3}
        onChange={(event) => setComment(event.target.value)}
      />
      {error ? <Alert variant="error">{error}</Alert> : null}
    </Dialog>
  );
}
