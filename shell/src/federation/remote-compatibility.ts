import { version as hostReactVersion } from 'react';
import type { RemoteManifest } from '../remote-manifest';
import type { RemoteName } from '../remotes';
import { RemoteUnavailableError } from './remote-unavailable';

// Singletons whose major version must match the shell's: a remote built against another React
// major would render with hooks and internals of a React it was not compiled for.
const MAJOR_LOCKED = ['react', 'react-dom', 'react/jsx-runtime'];

const major = (version: string) => version.replace(/^[^\d]*/, '').split('.')[0];

/**
 * Checks a remote's manifest before anything of it runs: a remote built against another React
 * major is refused (a clear console message, then the shell's fallback for its routes only). The
 * build version the manifest names is recorded in a `<meta name="agentdock-remote:<name>">` so an
 * operator (or a deploy drill) can see which build of each remote a page runs.
 */
export function checkRemoteManifest(remote: RemoteName, manifest: RemoteManifest): void {
  const incompatible = (manifest.shared ?? []).find((shared) => MAJOR_LOCKED.includes(shared.name) && major(shared.version) !== major(hostReactVersion));
  if (incompatible) {
    console.error(
      `[agentdock] The "${remote}" micro-frontend was built against ${incompatible.name} ${incompatible.version}, but this page runs React ${hostReactVersion}; it is not loaded. Rebuild it against React ${major(hostReactVersion)}.`,
    );
    throw new RemoteUnavailableError(remote);
  }
  recordBuild(remote, manifest.metaData?.buildInfo?.buildVersion);
}

function recordBuild(remote: string, buildVersion: string | undefined): void {
  if (!buildVersion || typeof document === 'undefined') return;
  const name = `agentdock-remote:${remote}`;
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.append(meta);
  }
  meta.content = buildVersion;
}
