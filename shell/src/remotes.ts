/** The micro-frontends the shell loads; also the keys of runtime-config.json's `remotes`. */
export const REMOTE_NAMES = ['marketing', 'account', 'chat', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Must match the container name the shared webpack config gives each remote. */
export function containerName(remote: RemoteName): string {
  return `agentdock_${remote}`;
}
