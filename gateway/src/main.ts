import { ConfigError, createLogger, installShutdown, serverUrl, startHttpServer } from '@agentdock/service-kit';
import { createGateway } from './app';
import { loadGatewayConfig } from './config';

/** Runs the gateway alone, configured from the environment (see README.md). */
async function main(): Promise<void> {
  const config = loadGatewayConfig();
  const logger = createLogger({ service: 'gateway', level: config.logLevel, batchedWrites: true });
  const gateway = createGateway(config, logger);
  const server = await startHttpServer(gateway, { port: config.port, host: config.host });
  installShutdown({ logger, servers: [server], closers: [() => gateway.close()] });
  logger.info({ url: serverUrl(server), upstreams: config.upstreams, shell: config.shellUrl }, 'Gateway listening');
}

main().catch((err: unknown) => {
  // A bad environment is an operator's typo, not a crash: print the list, skip the stack.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
