import { useCallback, useEffect, useState } from 'react';
import { isAbortError } from '@agentdock/api-client';
import { useSessionClient } from '@agentdock/session';
import { billingApi, type BillingInvoice } from '../api/billing-api';

export type InvoicesLoad = { state: 'loading' } | { state: 'error' } | { state: 'loaded'; invoices: BillingInvoice[] };

/** The caller's invoices and receipts from billing, with a retry. */
export function useInvoices() {
  const client = useSessionClient();
  const [load, setLoad] = useState<InvoicesLoad>({ state: 'loading' });

  const reload = useCallback(
    async (signal?: AbortSignal) => {
      setLoad((current) => (current.state === 'error' ? { state: 'loading' } : current));
      try {
        setLoad({ state: 'loaded', invoices: await billingApi(client.api).getInvoices({ signal }) });
      } catch (caught) {
        if (!isAbortError(caught)) setLoad({ state: 'error' });
      }
    },
    [client],
  );

  useEffect(() => {
    const controller = new AbortController();
    void reload(controller.signal);
    return () => controller.abort();
  }, [reload]);

  return { load, reload };
}
