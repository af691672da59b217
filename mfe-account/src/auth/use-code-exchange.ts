import { useEffect, useState } from 'react';
import type { LinkOpened } from '@agentdock/contracts';
import { AuthError, useSessionClient } from '@agentdock/session';
import { describeFailure } from '@agentdock/ui';

export type ExchangeState =
  | { status: 'idle' | 'exchanging' | 'done' }
  | { status: 'failed'; message: string }
  /** Opened in a browser that did not ask for the link: no session here (a confirmation link still confirmed the address). */
  | ({ status: 'elsewhere' } & LinkOpened);

/**
 * Exchanges an emailed link's code for a session once (the client shares a repeated exchange).
 * With `openElsewhere`, a browser without the link's PKCE verifier asks the server what the link
 * was instead, which confirms the address of a confirmation link, so the page can offer to sign in
 * here; without, that is a failure like any other.
 */
export function useCodeExchange(code: string | null, { openElsewhere = false } = {}): ExchangeState {
  const client = useSessionClient();
  const [state, setState] = useState<ExchangeState>({ status: code ? 'exchanging' : 'idle' });
  useEffect(() => {
    if (!code) return undefined;
    let current = true;
    const failed = (error: unknown) => current && setState({ status: 'failed', message: describeFailure(error).message });
    client.exchangeCodeForSession(code).then(
      () => current && setState({ status: 'done' }),
      (error: unknown) => {
        if (!(openElsewhere && error instanceof AuthError && error.code === 'pkce_verifier_missing')) return failed(error);
        // A link the server no longer knows (used, expired) fails with what the browser found first.
        client.openLinkElsewhere(code).then(
          (opened) => current && setState({ status: 'elsewhere', ...opened }),
          () => failed(error),
        );
      },
    );
    return () => {
      current = false;
    };
  }, [client, code, openElsewhere]);
  return state;
}
