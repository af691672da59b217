import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatCreditCount, type StatementLine } from '@agentdock/contracts';
import { Alert } from '../alert';
import { Button } from '../button';
import { ErrorState } from '../error-state';
import { TextField } from '../field';
import { LoadingBlock } from '../spinner';
import { type StatementCsvLoader, type StatementLoader, useStatement } from './use-statement';
import { saveFile } from '../save-file';

export interface StatementViewProps {
  /** Reads a page of the statement (the customer's own, or a customer's for an admin). */
  load: StatementLoader;
  /** Fetches the CSV of the shown range from the server (the same lines, however many). */
  downloadCsv: StatementCsvLoader;
  /** The CSV's file name. */
  fileName?: string;
  /** The visible heading's id, naming the table. */
  labelledBy: string;
  /** Where the customer's receipts are listed: a top-up's line links there. */
  receiptsHref?: string;
}

const signed = (credits: number) => `${credits > 0 ? '+' : credits < 0 ? '−' : ''}${formatCreditCount(Math.abs(credits))}`;
const when = (iso: string) => new Date(iso).toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** The statement: one line per event in words, with its credits and the balance after it; a date filter, pages and CSV. */
export function StatementView({ load, downloadCsv, fileName = 'statement.csv', labelledBy, receiptsHref }: StatementViewProps) {
  const statement = useStatement(load);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [csvState, setCsvState] = useState<'idle' | 'pending' | 'failed'>('idle');
  const rangeError = from && to && to < from ? 'The end of the range must not be before its start.' : undefined;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!rangeError) statement.filter({ from, to });
  };
  const saveCsv = async () => {
    setCsvState('pending');
    try {
      saveFile(await statement.csv(downloadCsv), fileName);
      setCsvState('idle');
    } catch {
      setCsvState('failed');
    }
  };

  return (
    <div className="ad-statement ad-stack">
      <form className="ad-statement__filter ad-row" onSubmit={apply} aria-label="Statement dates">
        <TextField label="From" type="date" value={from} onChange={(event) => setFrom(event.target.value)} max={to || undefined} />
        <TextField label="To" type="date" value={to} onChange={(event) => setTo(event.target.value)} min={from || undefined} error={rangeError} />
        <Button type="submit" variant="secondary">
          Show
        </Button>
        <Button variant="secondary" onClick={() => void saveCsv()} disabled={csvState === 'pending'} aria-busy={csvState === 'pending'}>
          {csvState === 'pending' ? 'Preparing CSV…' : 'Download CSV'}
        </Button>
      </form>
      {csvState === 'failed' && <Alert variant="error">The CSV could not be prepared. Please try again.</Alert>}
      {statement.data === undefined ? (
        statement.error !== undefined ? (
          <ErrorState title="Failed to load the statement" onRetry={statement.retry} headingLevel={3} />
        ) : (
          <LoadingBlock label="Loading the statement…" />
        )
      ) : (
        <>
          {statement.error !== undefined && !statement.pending && <Alert variant="error">The statement could not be refreshed; the lines below may be out of date.</Alert>}
          <StatementTable lines={statement.data.lines} labelledBy={labelledBy} busy={statement.pending} receiptsHref={receiptsHref} />
          {statement.pages > 1 && (
            <nav className="ad-row ad-statement__pages" aria-label="Statement pages">
              <Button variant="secondary" size="sm" disabled={statement.page <= 1} onClick={() => statement.setPage(statement.page - 1)}>
                Newer
              </Button>
              <span aria-live="polite">{`Page ${statement.page} of ${statement.pages}`}</span>
              <Button variant="secondary" size="sm" disabled={statement.page >= statement.pages} onClick={() => statement.setPage(statement.page + 1)}>
                Older
              </Button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}

function StatementTable({ lines, labelledBy, busy, receiptsHref }: { lines: StatementLine[]; labelledBy: string; busy: boolean; receiptsHref?: string }) {
  if (lines.length === 0) return <p className="ad-muted">No credit changes in these dates.</p>;
  return (
    <div className="ad-statement__scroll" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <table className="ad-statement__table" aria-labelledby={labelledBy} aria-busy={busy} data-testid="statement">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Event</th>
            <th scope="col" className="ad-statement__number">
              Credits
            </th>
            <th scope="col" className="ad-statement__number">
              Balance
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id} data-testid="statement-line">
              <td>
                <time dateTime={line.at}>{when(line.at)}</time>
              </td>
              <td>
                {line.text}
                {line.kind === 'top-up' && receiptsHref && (
                  <>
                    {' ('}
                    <Link to={receiptsHref}>receipt</Link>
                    {')'}
                  </>
                )}
              </td>
              <td className="ad-statement__number">{signed(line.credits)}</td>
              <td className="ad-statement__number">{formatCreditCount(line.balance)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
