import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button } from '@agentdock/ui';
import { priceDifference } from '../plan-choice';
import type { PlanChangeStep } from '../use-plan-change';

interface ChangeConfirmationProps {
  state: PlanChangeStep;
  /** The current plan as the plan cards name it ("Pro"), so the question reads like the cards. */
  currentName: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ChangeConfirmation({ state, currentName, onConfirm, onCancel }: ChangeConfirmationProps) {
  const navigate = useNavigate();
  const panel = useRef<HTMLElement>(null);
  const open = state.step === 'confirm' || state.step === 'changing' || state.step === 'confirm-cancel';
  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open]);
  if (state.step === 'redirecting') return <Alert variant="info">Redirecting to secure payment…</Alert>;
  if (!open) return null;

  if (state.step === 'confirm-cancel') {
    return (
      <section aria-labelledby="acc-confirm-title" className="ad-card acc-confirm" ref={panel} tabIndex={-1}>
        <h2 id="acc-confirm-title" className="acc-card__title">
          Move to {state.plan.name}?
        </h2>
        <p>
          The {state.plan.name} plan has no card subscription: moving to it means cancelling your {currentName} subscription. It stays active until the end of the current billing
          period.
        </p>
        <div className="ad-row">
          <Button onClick={() => navigate('/manage-subscription')}>Go to Subscription Management</Button>
          <Button variant="secondary" onClick={onCancel}>
            Keep My Plan
          </Button>
        </div>
      </section>
    );
  }

  const changing = state.step === 'changing';
  return (
    <section aria-labelledby="acc-confirm-title" aria-describedby="acc-confirm-text" className="ad-card acc-confirm" ref={panel} tabIndex={-1}>
      <h2 id="acc-confirm-title" className="acc-card__title">
        Change from {currentName} to {state.plan.name}, billed {state.request.billingPeriod === 'annual' ? 'annually' : 'monthly'}?
      </h2>
      <p id="acc-confirm-text">{priceDifference(state.preview, state.plan, state.request.billingPeriod)}</p>
      <div className="ad-row">
        <Button onClick={onConfirm} disabled={changing}>
          {changing ? 'Changing plan…' : 'Confirm Change'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={changing}>
          Cancel
        </Button>
      </div>
    </section>
  );
}
