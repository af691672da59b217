import type { RemoteName } from '@agentdock/contracts/runtime-config';

export { REMOTE_NAMES, type RemoteName } from '@agentdock/contracts/runtime-config';

/** Must match the container name the shared webpack config gives each remote. */
export function containerName(remote: RemoteName): string {
  return `agentdock_${remote}`;
}
