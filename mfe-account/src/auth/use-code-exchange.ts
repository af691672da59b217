import { useEffect, useState } from 'react';
import { useSessionClient } from '@agentdock/session';
import { describeFailure } from '../form/form';

export type ExchangeState = { status: 'idle' | 'exchanging' | 'done' } | { status: 'failed'; message: string };

/** Exchanges an emailed link's code for a session once (the client shares a repeated exchange). */
export function useCodeExchange(code: string | null): ExchangeState {
  const client = useSessionClient();
  const [state, setState] = useState<ExchangeState>({ status: code ? 'exchanging' : 'idle' });
  useEffect(() => {
    if (!code) return undefined;
    let current = true;
    client.exchangeCodeForSession(code).then(
      () => current && setState({ status: 'done' }),
      (error: unknown) => current && setState({ status: 'failed', message: describeFailure(error).message }),
    );
    return () => {
      current = false;
    };
  }, [client, code]);
  return state;
}
