export { createGateway } from './app';
export { type GatewayConfig, REMOTE_NAMES, type RemoteName, UPSTREAM_NAMES, type UpstreamName, gatewayEnvSchema, loadGatewayConfig } from './config';
