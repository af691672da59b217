import { type FormEvent, useId, useState } from 'react';
import { memberCapRequest } from '@agentdock/contracts';
import { Button } from '@agentdock/ui';
import { formatMoment } from '../api-keys/key-list';
import { formatCount } from '../dashboard/format';
import type { TeamPoolMember } from './pool-api';

interface MemberFiguresProps {
  figures: TeamPoolMember;
  name: string;
  /** Owners and admins set or lift the cap; null for everyone else. */
  onSetCap: ((monthlyCap: number | null) => Promise<void>) | null;
}

/** The cap as typed: a number of credits, or empty for none; the contract's own words when it is not one it takes. */
export function parseCap(text: string): { ok: true; monthlyCap: number | null } | { ok: false; message: string } {
  const trimmed = text.trim().replaceAll(',', '');
  if (trimmed === '') return { ok: true, monthlyCap: null };
  if (!/^-?\d+(\.\d+)?$/.test(trimmed)) return { ok: false, message: 'Enter the cap as a number of credits, or leave it empty for no cap.' };
  const parsed = memberCapRequest.safeParse({ monthlyCap: Number(trimmed) });
  return parsed.success ? { ok: true, monthlyCap: parsed.data.monthlyCap } : { ok: false, message: parsed.error.issues[0]?.message ?? 'That cap is not allowed.' };
}

/** A member's month in the team's pool: last active, credits spent this month, and the cap. */
export function MemberFigures({ figures, name, onSetCap }: MemberFiguresProps) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(figures.monthlyCap === null ? '' : String(figures.monthlyCap));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const errorId = useId();
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const cap = parseCap(text);
    if (!cap.ok) return setError(cap.message);
    setBusy(true);
    setError(null);
    try {
      await onSetCap!(cap.monthlyCap);
      setEditing(false);
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : 'The cap could not be saved. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="acc-team__member-figures">
      <dl className="acc-team__figures acc-team__figures--small">
        <div>
          <dt>Last active</dt>
          <dd>{figures.lastActiveAt ? formatMoment(figures.lastActiveAt) : 'Not yet'}</dd>
        </div>
        <div>
          <dt>Credits this month</dt>
          <dd>{formatCount(figures.spentThisPeriod)}</dd>
        </div>
        <div>
          <dt>Monthly cap</dt>
          <dd>{figures.monthlyCap === null ? 'No cap' : `${formatCount(figures.monthlyCap)} credits`}</dd>
        </div>
      </dl>
      {onSetCap && !editing && (
        <Button size="sm" variant="secondary" onClick={() => setEditing(true)} aria-label={`Set the monthly cap of ${name}`}>
          Set Cap
        </Button>
      )}
      {onSetCap && editing && (
        <form className="ad-row acc-team__cap-form" onSubmit={(event) => void save(event)} noValidate>
          <label htmlFor={inputId} className="acc-team__pick">
            <span className="ad-field__label">Monthly cap for {name} (credits; empty for none)</span>
            <input
              id={inputId}
              className="ad-input"
              inputMode="numeric"
              value={text}
              disabled={busy}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => setText(event.target.value)}
            />
          </label>
          <Button size="sm" type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save Cap'}
          </Button>
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => setEditing(false)}>
            Cancel
          </Button>
          {error && (
            <p id={errorId} className="ad-field__error" role="alert">
              {error}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
