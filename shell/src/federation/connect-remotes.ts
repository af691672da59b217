import { manifestEntryUrl, type RemoteManifest } from '../remote-manifest';
import { containerName, type RemoteName } from '../remotes';
import { fetchRuntimeConfig, type RuntimeConfig } from '../runtime-config';
import { loadScript } from './load-script';
import { checkRemoteManifest } from './remote-compatibility';
import { RemoteUnavailableError } from './remote-unavailable';

// webpack's own sharing API (core ModuleFederationPlugin): the shell's share scope, which each
// remote joins before any of its modules runs, so the singletons the shell loaded are the ones used.
declare const __webpack_init_sharing__: (scope: string) => Promise<void>;
declare const __webpack_share_scopes__: Record<string, unknown>;

/** What a remote's remoteEntry.js defines as a global under its container name. */
interface Container {
  init(shareScope: unknown): unknown;
  get(module: string): Promise<() => unknown>;
}

export type ExposedModuleLoader = (remote: RemoteName, exposed: string) => Promise<unknown>;

/** Keeps each key's promise until it rejects, so the next call (e.g. the fallback's Retry) tries again. */
function cachedUntilFailure<K, V>(load: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const pending = new Map<K, Promise<V>>();
  return (key) => {
    const cached = pending.get(key);
    if (cached) return cached;
    const promise = load(key);
    pending.set(key, promise);
    promise.catch(() => pending.delete(key));
    return promise;
  };
}

/**
 * Connects the shell to the remotes named by /runtime-config.json: for each remote, its manifest
 * (checked before anything of the remote runs), then its entry script (once `scriptsAfter` has
 * resolved), then the shared scope.
 * Nothing that failed is remembered, so a remote that comes back is reached on the next try.
 */
export function connectRemotes({ scriptsAfter }: { scriptsAfter?: Promise<void> } = {}): ExposedModuleLoader {
  const runtimeConfig = cachedUntilFailure<void, RuntimeConfig>(() => fetchRuntimeConfig());

  const container = cachedUntilFailure(async (remote: RemoteName): Promise<Container> => {
    const manifestUrl = (await runtimeConfig()).remotes[remote];
    const response = await fetch(manifestUrl);
    if (!response.ok) throw new Error(`GET ${manifestUrl} answered ${response.status}`);
    const manifest = (await response.json()) as RemoteManifest;
    checkRemoteManifest(remote, manifest);
    // The runtime configuration may name a manifest by path (served by the gateway itself).
    const entryUrl = manifestEntryUrl(new URL(manifestUrl, document.baseURI).href, manifest);
    await scriptsAfter;
    await loadScript(entryUrl);
    const loaded = (window as unknown as Record<string, Container | undefined>)[containerName(remote)];
    if (!loaded) throw new Error(`${entryUrl} defines no ${containerName(remote)}`);
    await __webpack_init_sharing__('default');
    await loaded.init(__webpack_share_scopes__.default);
    return loaded;
  });

  return async (remote, exposed) => {
    try {
      const factory = await (await container(remote)).get(`./${exposed}`);
      return factory();
    } catch (error) {
      throw error instanceof RemoteUnavailableError ? error : new RemoteUnavailableError(containerName(remote), { cause: error });
    }
  };
}
