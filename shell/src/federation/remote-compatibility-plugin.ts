import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { version as hostReactVersion } from 'react';
import { appOfContainer } from '@agentdock/contracts/remotes';
import { RemoteUnavailableError } from './remote-unavailable';

// Singletons whose major version must match the shell's: a remote built against another React
// major would render with hooks and internals of a React it was not compiled for.
const MAJOR_LOCKED = ['react', 'react-dom', 'react/jsx-runtime'];

const major = (version: string) => version.replace(/^[^\d]*/, '').split('.')[0];

interface ManifestShape {
  name?: string;
  metaData?: { buildInfo?: { buildVersion?: string } };
  shared?: Array<{ name: string; version: string }>;
}

/**
 * Checks each remote's manifest before anything of it runs: a remote built against another React
 * major is refused (a clear console message, then the shell's fallback for its routes only). The
 * build version each manifest names is recorded in a `<meta name="agentdock-remote:<name>">` so an
 * operator (or a deploy drill) can see which build of each remote a page runs.
 */
export function remoteCompatibilityPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'agentdock-remote-compatibility',
    async loadRemoteSnapshot(args) {
      const manifest = args.manifestJson as ManifestShape | undefined;
      if (!manifest) return args;
      const remote = appOfContainer(String(args.moduleInfo.name));
      const incompatible = (manifest.shared ?? []).find((shared) => MAJOR_LOCKED.includes(shared.name) && major(shared.version) !== major(hostReactVersion));
      if (incompatible) {
        console.error(
          `[agentdock] The "${remote}" micro-frontend was built against ${incompatible.name} ${incompatible.version}, but this page runs React ${hostReactVersion}; it is not loaded. Rebuild it against React ${major(hostReactVersion)}.`,
        );
        throw new RemoteUnavailableError(remote);
      }
      recordBuild(remote, manifest.metaData?.buildInfo?.buildVersion);
      return args;
    },
  };
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
