import type { ApiClient } from '@agentdock/api-client';
import { IDENTITY_ERROR_CODES } from '@agentdock/contracts';
import type { StateStore } from './state-store';
import type { Transport } from './transport';

/**
 * Calls as the signed-in user (the transport adds the bearer token and retries once after a
 * refresh on 401). A suspended account is refused everywhere, so its session ends here as soon
 * as any service says so, not only at the next refresh.
 */
export function createUserCalls(transport: () => Promise<Transport>, store: StateStore, endSession: () => void) {
  async function asUser<T>(call: (t: Transport) => Promise<T>): Promise<T> {
    try {
      return await call(await transport());
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code === IDENTITY_ERROR_CODES.accountSuspended && store.get().status === 'signed-in') endSession();
      throw error;
    }
  }
  const api: ApiClient = {
    call: ((endpoint: unknown, ...options: unknown[]) =>
      asUser((t) => (t.api.call as (e: unknown, ...o: unknown[]) => Promise<unknown>)(endpoint, ...options))) as unknown as ApiClient['call'],
    download: (endpoint, options) => asUser((t) => t.api.download(endpoint, options)),
  };
  return { asUser, api };
}
