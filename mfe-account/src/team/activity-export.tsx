import { type FormEvent, useState } from 'react';
import { statsRangeQuery } from '@agentdock/contracts';
import { Button, describeFailure, saveFile, TextField } from '@agentdock/ui';
import type { PoolApi } from './pool-api';
import { lastDays } from './team-usage';

/** The team's log of a date range as a CSV file, named for the team and the range by the server. */
export function ActivityExport({ api, orgId }: { api: PoolApi; orgId: string }) {
  const initial = lastDays(30);
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const download = async (event: FormEvent) => {
    event.preventDefault();
    const range = statsRangeQuery.safeParse({ from, to });
    if (!range.success) return setError(range.error.issues[0]?.message ?? 'Choose a range of dates.');
    setBusy(true);
    setError(null);
    try {
      const file = await api.activityCsv(orgId, range.data);
      saveFile(file.blob, file.fileName ?? `team-activity-${range.data.from}-to-${range.data.to}.csv`);
    } catch (failure) {
      setError(describeFailure(failure).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="ad-row acc-team__export" onSubmit={(event) => void download(event)} noValidate aria-label="Download the activity log">
      <TextField label="From" type="date" value={from} onChange={(event) => setFrom(event.target.value)} disabled={busy} />
      <TextField label="To" type="date" value={to} onChange={(event) => setTo(event.target.value)} disabled={busy} />
      <Button size="sm" variant="secondary" type="submit" disabled={busy}>
        {busy ? 'Preparing…' : 'Download CSV'}
      </Button>
      {error && (
        <p className="ad-field__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
