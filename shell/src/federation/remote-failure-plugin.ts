import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RemoteUnavailableError } from './remote-unavailable';

/**
 * Turns every failed remote load into one RemoteUnavailableError, which the shell's error
 * boundary renders as a fallback inside the layout. It deliberately returns no fallback module:
 * React.lazy would remember it, and Retry could never reach the remote again. Other lifecycles
 * (manifest fetch, shared-scope setup) are left alone so the runtime drops its failed
 * manifest/entry promises and a later attempt starts afresh.
 */
export function remoteFailurePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'agentdock-remote-failure',
    errorLoadRemote({ id, error, lifecycle, remote }) {
      if (lifecycle !== 'onLoad') return undefined;
      throw new RemoteUnavailableError(remote?.name ?? String(id).split('/')[0] ?? String(id), { cause: error });
    },
  };
}
