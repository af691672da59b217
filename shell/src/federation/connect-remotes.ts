import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { containerName, REMOTE_NAMES, type RemoteName } from '../remotes';
import { fetchRuntimeConfig } from '../runtime-config';
import { remoteCompatibilityPlugin } from './remote-compatibility-plugin';
import { remoteFailurePlugin } from './remote-failure-plugin';
import { RemoteUnavailableError } from './remote-unavailable';

export type ExposedModuleLoader = (remote: RemoteName, exposed: string) => Promise<unknown>;

/**
 * Connects the shell to the remotes named by /runtime-config.json. The configuration is fetched
 * once; a failed fetch is forgotten so the next load (e.g. the fallback's Retry) tries again.
 */
export function connectRemotes(): ExposedModuleLoader {
  registerPlugins([remoteCompatibilityPlugin(), remoteFailurePlugin()]);
  let registered: Promise<void> | null = null;

  const register = () => {
    registered ??= fetchRuntimeConfig().then(
      (config) => {
        registerRemotes(REMOTE_NAMES.map((remote) => ({ name: containerName(remote), entry: config.remotes[remote] })));
      },
      (error: unknown) => {
        registered = null;
        throw error;
      },
    );
    return registered;
  };

  return async (remote, exposed) => {
    try {
      await register();
    } catch (error) {
      throw new RemoteUnavailableError(remote, { cause: error });
    }
    const module = await loadRemote(`${containerName(remote)}/${exposed}`);
    if (module === null) throw new RemoteUnavailableError(remote);
    return module;
  };
}
