import { ConfigError, createLogger, installShutdown, serverUrl, startHttpServer } from '@agentdock/service-kit';
import { createGateway } from './app';
import { loadGatewayConfig } from './config';

/** Runs the gateway alone, configured from the environment (see README.md). */
async function main(): Promise<void> {
  const config = loadGatewayConfig();
  const logger = createLogger({ service: 'gateway', level: config.logLevel, batchedWrites: true });
  const gateway = createGateway(config, logger);
  const server = await startHttpServer(gateway, { port: config.port, host: config.host });
  const shutdown = installShutdown({ logger, servers: [server], closers: [() => gateway.close()], signals: [], timeoutMs: 10_000 + config.drainDelayMs });
  // First out of the load balancer's rotation (its checks see 503), then stop accepting and drain;
  // a second signal while draining stops at once.
  let draining: NodeJS.Timeout | undefined;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      clearTimeout(draining);
      if (draining || config.drainDelayMs === 0) return void shutdown(signal);
      gateway.drain();
      logger.info({ drainDelayMs: config.drainDelayMs }, 'Draining: out of rotation before stopping');
      draining = setTimeout(() => void shutdown(signal), config.drainDelayMs);
    });
  }
  logger.info({ url: serverUrl(server), upstreams: config.upstreams, shell: config.shellUrl }, 'Gateway listening');
}

main().catch((err: unknown) => {
  // A bad environment is an operator's typo, not a crash: print the list, skip the stack.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
