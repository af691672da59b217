export { containerName, REMOTE_NAMES, type RemoteName } from '@agentdock/contracts/remotes';
