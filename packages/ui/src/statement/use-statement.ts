import { useCallback, useEffect, useState } from 'react';
import { STATEMENT_PAGE_SIZE, type StatementResponse } from '@agentdock/contracts';

/** A statement query as the views ask for it: whole UTC days (empty: open), a page. */
export interface StatementRequest {
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

export type StatementLoader = (request: StatementRequest, signal?: AbortSignal) => Promise<StatementResponse>;

/** The range's whole statement as a CSV file, made by the server in one request (empty ends: open). */
export type StatementCsvLoader = (range: { from?: string; to?: string }) => Promise<Blob>;

interface Loaded {
  data?: StatementResponse;
  error?: unknown;
  pending: boolean;
}

const range = (from: string, to: string) => ({ ...(from && { from }), ...(to && { to }) });

/** The statement's page, date filter and CSV: one load per change, the previous one aborted. */
export function useStatement(load: StatementLoader) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Loaded>({ pending: true });

  useEffect(() => {
    const controller = new AbortController();
    setState((current) => ({ ...current, pending: true }));
    load({ ...range(from, to), page, pageSize: STATEMENT_PAGE_SIZE }, controller.signal).then(
      (data) => setState({ data, pending: false }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState((current) => ({ ...current, error, pending: false }));
      },
    );
    return () => controller.abort();
  }, [load, from, to, page, attempt]);

  const filter = useCallback((next: { from: string; to: string }) => {
    setFrom(next.from);
    setTo(next.to);
    setPage(1);
  }, []);

  /** The shown range's CSV (every line, oldest first, as a spreadsheet reads). */
  const csv = useCallback((download: StatementCsvLoader) => download(range(from, to)), [from, to]);

  const pages = state.data ? Math.max(1, Math.ceil(state.data.totalLines / state.data.pageSize)) : 1;
  return { from, to, page, pages, setPage, filter, retry: () => setAttempt((count) => count + 1), csv, ...state };
}
