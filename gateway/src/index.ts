export { createGateway } from './app';
export { type GatewayConfig, loadGatewayConfig } from './config';
