import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import vm from 'node:vm';
import { createInstance, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import * as Session from '@agentdock/session';
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as JsxRuntime from 'react/jsx-runtime';
import * as Router from 'react-router-dom';
import { manifestEntryUrl, type RemoteManifest } from '../remote-manifest';
import { containerName, type RemoteName } from '../remotes';

const nodeRequire = createRequire(import.meta.url);
// The session package exports no package.json; its version is read beside its source folder.
const sessionVersion = (JSON.parse(readFileSync(join(dirname(nodeRequire.resolve('@agentdock/session')), '..', 'package.json'), 'utf8')) as { version: string }).version;
const routerVersion = (nodeRequire('react-router-dom/package.json') as { version: string }).version;

/** The renderer's own copies of the singletons: a remote's server build renders with these, as its browser build renders with the shell's. */
function singleton(version: string, module: unknown) {
  return { version, lib: () => module, shareConfig: { singleton: true, requiredVersion: false as const } };
}

/**
 * A remote's server container (dist/server/remoteEntry.js, CommonJS) is fetched over HTTP and run
 * here. The runtime's own Node loader reaches `require` through eval, which an ES module has not.
 */
function httpEntryPlugin(fetchImpl: typeof fetch): ModuleFederationRuntimePlugin {
  return {
    name: 'agentdock-ssr-http-entry',
    async loadEntry({ remoteInfo }) {
      const response = await fetchImpl(remoteInfo.entry, { cache: 'no-store' });
      if (!response.ok) throw new Error(`GET ${remoteInfo.entry} answered ${response.status}`);
      const source = await response.text();
      const module = { exports: {} as Record<string, unknown> };
      const script = new vm.Script(`(function (exports, module, require) {${source}\n})`, { filename: remoteInfo.entry });
      (script.runInThisContext() as (e: unknown, m: unknown, r: unknown) => void)(module.exports, module, nodeRequire);
      // The container is exported under its name (the library name of the server build).
      return (module.exports[remoteInfo.entryGlobalName] ?? module.exports) as never;
    },
  };
}

/** Where a remote's server build is, from the URL of its browser manifest (the runtime configuration). */
export function serverManifestUrl(browserManifestUrl: string): string {
  return new URL('server/mf-manifest.json', browserManifestUrl).href;
}

export interface RemoteModules {
  /** The remote's exposed module, from the build it serves now (checked at most every `recheckMs`). */
  load(remote: RemoteName, exposed: string): Promise<unknown>;
  /** The build version its server manifest names, of the build `load` last used; undefined before any. */
  buildVersion(remote: RemoteName): string | undefined;
}

export interface RemoteModulesOptions {
  /** Browser manifest URL of each remote the renderer may load (same values as /runtime-config.json). */
  manifests: Partial<Record<RemoteName, string>>;
  fetch?: typeof fetch;
  /** How long a checked build is trusted before its manifest and entry are looked at again. */
  recheckMs?: number;
  now?: () => number;
}

/**
 * The server renderer's Module Federation host: one runtime instance sharing the renderer's React,
 * React Router and session client, with each remote registered by its server build's entry. A
 * remote redeployed alone (a new entry file, or the same name with a new ETag/Last-Modified) is
 * registered afresh, so the next render runs its new code; the shell is neither rebuilt nor restarted.
 */
export function createRemoteModules({ manifests, fetch: fetchImpl = globalThis.fetch, recheckMs = 5_000, now = Date.now }: RemoteModulesOptions): RemoteModules {
  const instance = createInstance({
    name: 'agentdock_shell_server',
    remotes: [],
    shared: {
      react: singleton(React.version, React),
      'react/jsx-runtime': singleton(React.version, JsxRuntime),
      'react-dom': singleton(React.version, ReactDOM),
      'react-router-dom': singleton(routerVersion, Router),
      '@agentdock/session': singleton(sessionVersion, Session),
    },
    plugins: [httpEntryPlugin(fetchImpl)],
  });
  const builds = new Map<RemoteName, { version: string; buildVersion: string | undefined; checkedAt: number }>();
  const checking = new Map<RemoteName, Promise<void>>();

  async function currentBuild(remote: RemoteName): Promise<{ version: string; buildVersion: string | undefined }> {
    const browserManifest = manifests[remote];
    if (!browserManifest) throw new Error(`No manifest URL for the "${remote}" remote`);
    const manifestUrl = serverManifestUrl(browserManifest);
    const response = await fetchImpl(manifestUrl, { cache: 'no-store' });
    if (!response.ok) throw new Error(`GET ${manifestUrl} answered ${response.status}`);
    const manifest = (await response.json()) as RemoteManifest;
    const entryUrl = manifestEntryUrl(manifestUrl, manifest);
    const head = await fetchImpl(entryUrl, { method: 'HEAD', cache: 'no-store' });
    if (!head.ok) throw new Error(`HEAD ${entryUrl} answered ${head.status}`);
    const stamp = head.headers.get('etag') ?? head.headers.get('last-modified') ?? '';
    return { version: `${entryUrl}?build=${encodeURIComponent(stamp)}`, buildVersion: manifest.metaData?.buildInfo?.buildVersion };
  }

  async function refresh(remote: RemoteName): Promise<void> {
    const known = builds.get(remote);
    if (known && now() - known.checkedAt < recheckMs) return;
    const { version, buildVersion } = await currentBuild(remote);
    if (known?.version !== version) {
      instance.registerRemotes([{ name: containerName(remote), entry: version, type: 'commonjs-module' } as never], { force: Boolean(known) });
    }
    builds.set(remote, { version, buildVersion, checkedAt: now() });
  }

  return {
    async load(remote, exposed) {
      let pending = checking.get(remote);
      if (!pending) {
        pending = refresh(remote).finally(() => checking.delete(remote));
        checking.set(remote, pending);
      }
      await pending;
      const module = await instance.loadRemote(`${containerName(remote)}/${exposed}`);
      if (module === null || module === undefined) throw new Error(`${remote}/${exposed} could not be loaded`);
      return module;
    },
    buildVersion: (remote) => builds.get(remote)?.buildVersion,
  };
}
