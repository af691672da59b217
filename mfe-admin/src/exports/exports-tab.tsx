import { useState } from 'react';
import { type AdminExportName, exportFileName, type StatsRange } from '@agentdock/contracts';
import { Button, saveFile, TextField } from '@agentdock/ui';
import { useAdminApi } from '../api/use-admin-api';
import { useReportError } from '../console/admin-banner';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { checkRange, lastDays } from '../overview/overview-figures';

/** What each export holds, as an accountant reads the list. */
const EXPORTS: ReadonlyArray<{ name: AdminExportName; title: string; description: string }> = [
  { name: 'customers', title: 'Customers', description: 'Everyone who signed up in the range: email, name, plan and status.' },
  { name: 'subscriptions', title: 'Subscriptions', description: 'Plan and course subscriptions billed for a period that overlaps the range, with price and status.' },
  { name: 'payments', title: 'Payments', description: 'Money received in the range (plans, courses, credit packs) and refunds, in decimal amounts.' },
  { name: 'invoices', title: 'Invoices', description: 'Invoices issued in the range with their totals, tax, amount paid and amount due.' },
  { name: 'ledger', title: 'Credit ledger', description: 'Every change to customers’ credit balances in the range: grants, use, top-ups and adjustments.' },
];

/** CSV exports of the range, each streamed by the service that owns the data and named for the range. */
export function ExportsTab() {
  const api = useAdminApi();
  const report = useReportError();
  const [draft, setDraft] = useState<StatsRange>(() => lastDays(30));
  const [error, setError] = useState<{ field: 'from' | 'to'; message: string } | null>(null);
  const [busy, setBusy] = useState<AdminExportName | null>(null);
  const [saved, setSaved] = useState('');

  async function download(name: AdminExportName) {
    const checked = checkRange(draft);
    if (!('range' in checked)) return setError(checked);
    setError(null);
    setBusy(name);
    try {
      const file = await api.exports.download(name, checked.range);
      saveFile(file.blob, file.fileName);
      setSaved(`Downloaded ${file.fileName}.`);
    } catch (failure) {
      report(ADMIN_ERRORS.exportCsv, failure);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="adm-tab" aria-labelledby="adm-exports-title">
      <div className="adm-tab__head">
        <h2 id="adm-exports-title">Exports</h2>
      </div>
      <p>Whole UTC days, both dates included. Each file is named for its range, e.g. {exportFileName('customers', draft)}.</p>
      <div className="adm-filters" role="group" aria-label="Date range of the exports">
        <TextField
          label="From"
          type="date"
          value={draft.from}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          error={error?.field === 'from' ? error.message : undefined}
        />
        <TextField
          label="To"
          type="date"
          value={draft.to}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          error={error?.field === 'to' ? error.message : undefined}
        />
      </div>
      <ul className="adm-list" aria-label="Exports">
        {EXPORTS.map((entry) => (
          <li key={entry.name} className="adm-list__row adm-export">
            <div className="adm-export__text">
              <h3>{entry.title}</h3>
              <p>{entry.description}</p>
            </div>
            <Button variant="secondary" onClick={() => void download(entry.name)} disabled={busy !== null} aria-label={`Download ${entry.title} CSV`}>
              {busy === entry.name ? 'Preparing…' : 'Download CSV'}
            </Button>
          </li>
        ))}
      </ul>
      <p role="status" className="adm-success">
        {saved}
      </p>
    </section>
  );
}
