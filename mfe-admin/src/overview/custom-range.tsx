import { useState, type FormEvent } from 'react';
import type { StatsRange } from '@agentdock/contracts';
import { Button, TextField } from '@agentdock/ui';
import { checkRange } from './overview-figures';

/** Two dates applied together, so a half-typed range never loads. */
export function CustomRange({ initial, onApply }: { initial: StatsRange; onApply: (range: StatsRange) => void }) {
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [error, setError] = useState<{ field: 'from' | 'to'; message: string } | null>(null);
  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkRange({ from, to });
    if ('range' in checked) {
      setError(null);
      onApply(checked.range);
    } else {
      setError(checked);
    }
  }
  return (
    <form className="adm-filters" onSubmit={apply} noValidate>
      <TextField label="From" type="date" value={from} onChange={(event) => setFrom(event.target.value)} error={error?.field === 'from' ? error.message : undefined} />
      <TextField label="To" type="date" value={to} onChange={(event) => setTo(event.target.value)} error={error?.field === 'to' ? error.message : undefined} />
      <Button type="submit" variant="secondary">
        Apply
      </Button>
    </form>
  );
}
