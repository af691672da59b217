import { type PlanTrial, TRIAL_DAYS_MAX } from '@agentdock/contracts';
import { Button, TextField } from '@agentdock/ui';
import { useState } from 'react';
import { useAdminApi } from '../api/use-admin-api';
import { useReportError } from '../console/admin-banner';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { CheckboxField } from '../console/fields';
import { LoadStates } from '../console/load-states';
import { useLoad } from '../console/use-load';

const PLAN_NAMES: Record<PlanTrial['planId'], string> = { starter: 'Starter', professional: 'Pro' };
const PERIOD_NAMES: Record<PlanTrial['billingPeriod'], string> = { monthly: 'monthly', annual: 'annual' };

/** One row per paid plan and period: trial days (0: none) and whether a card is asked for up front. */
export function TrialsSection() {
  const api = useAdminApi();
  const trials = useLoad((signal) => api.billing.trials({ signal }), 'trials');
  return (
    <section aria-labelledby="trials-title" className="adm-card">
      <h2 id="trials-title">Free trials</h2>
      <p>
        A new customer starts the plan free for this many days (0: no trial), once. Without a card asked for, the plan ends at the end of the trial unless the customer adds one.
      </p>
      <LoadStates loaded={trials} label="Trials">
        {(data) => (
          <ul className="adm-list">
            {data.trials.map((trial) => (
              <li key={`${trial.planId}-${trial.billingPeriod}`}>
                <TrialRow
                  trial={trial}
                  onSaved={(saved) => trials.setData((current) => current && { trials: current.trials.map((entry) => (same(entry, saved) ? saved : entry)) })}
                />
              </li>
            ))}
          </ul>
        )}
      </LoadStates>
    </section>
  );
}

const same = (a: PlanTrial, b: PlanTrial) => a.planId === b.planId && a.billingPeriod === b.billingPeriod;

function TrialRow({ trial, onSaved }: { trial: PlanTrial; onSaved: (trial: PlanTrial) => void }) {
  const api = useAdminApi();
  const report = useReportError();
  const [days, setDays] = useState(String(trial.days));
  const [cardRequired, setCardRequired] = useState(trial.cardRequired);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const name = `${PLAN_NAMES[trial.planId]} ${PERIOD_NAMES[trial.billingPeriod]}`;
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const count = Number(days);
    if (!/^\d+$/.test(days.trim()) || count > TRIAL_DAYS_MAX) return setError(`Enter a whole number of days from 0 to ${TRIAL_DAYS_MAX}.`);
    setError(undefined);
    setSaving(true);
    try {
      onSaved(await api.billing.setTrial({ ...trial, days: count, cardRequired }));
    } catch (failure) {
      report(ADMIN_ERRORS.saveTrial, failure, true);
    } finally {
      setSaving(false);
    }
  };
  return (
    <form onSubmit={(event) => void save(event)} aria-label={`${name} trial`} className="adm-inline-form">
      <strong>{name}</strong>
      <TextField label="Trial days" inputMode="numeric" value={days} error={error} onChange={(event) => setDays(event.target.value)} />
      <CheckboxField label="Card required" checked={cardRequired} onChange={(event) => setCardRequired(event.target.checked)} />
      <Button type="submit" disabled={saving}>
        {saving ? 'Saving…' : 'Save'}
      </Button>
    </form>
  );
}
