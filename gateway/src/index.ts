export { type Gateway, createGateway } from './app';
export { type GatewayConfig, loadGatewayConfig } from './config';
