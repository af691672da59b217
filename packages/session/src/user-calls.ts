import type { ApiClient } from '@agentdock/api-client';
import { IDENTITY_ERROR_CODES } from '@agentdock/contracts';
import type { StateStore } from './state-store';
import type { Transport } from './transport';

const signingOut = () => new DOMException('Signing out', 'AbortError');

/**
 * Calls as the signed-in user (the transport adds the bearer token and retries once after a
 * refresh on 401). A suspended account is refused everywhere, so its session ends here as soon
 * as any service says so, not only at the next refresh.
 *
 * A sign-out first cuts the calls still on their way and holds back new ones until the session
 * is gone: otherwise they reach the services after the revocation, are answered 401, try a
 * refresh that is answered 401 too, and the page that is leaving shows errors for a session the
 * person ended on purpose. A cut call rejects as an abort (DOMException 'AbortError').
 */
export function createUserCalls(transport: () => Promise<Transport>, store: StateStore, endSession: () => void) {
  let inFlight = new AbortController();
  let held = false;

  async function asUser<T>(call: (t: Transport) => Promise<T>): Promise<T> {
    try {
      return await call(await transport());
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code === IDENTITY_ERROR_CODES.accountSuspended && store.get().status === 'signed-in') endSession();
      throw error;
    }
  }

  /** The caller's signal joined with the one a sign-out aborts. */
  function cuttable<O extends { signal?: AbortSignal } | undefined>(options: O): O & { signal: AbortSignal } {
    if (held) throw signingOut();
    const signal = options?.signal ? AbortSignal.any([options.signal, inFlight.signal]) : inFlight.signal;
    return { ...(options as O), signal };
  }

  const api: ApiClient = {
    call: (async (endpoint: unknown, options?: { signal?: AbortSignal }) => {
      const withCut = cuttable(options);
      return asUser((t) => (t.api.call as (e: unknown, o: unknown) => Promise<unknown>)(endpoint, withCut));
    }) as unknown as ApiClient['call'],
    download: async (endpoint, options) => {
      const withCut = cuttable(options);
      return asUser((t) => t.api.download(endpoint, withCut));
    },
  };

  /** Aborts every call on its way and refuses new ones until the returned function is called. */
  function holdForSignOut(): () => void {
    held = true;
    inFlight.abort(signingOut());
    inFlight = new AbortController();
    return () => {
      held = false;
    };
  }

  return { asUser, api, holdForSignOut };
}
