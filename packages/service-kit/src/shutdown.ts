import type { Server } from 'node:http';
import type { Logger } from './logger';

export interface ShutdownOptions {
  logger: Logger;
  /** Stop accepting and drain in-flight requests first… */
  servers?: Server[];
  /** …then close these in order (event consumers before the bus, the bus before the database). */
  closers?: Array<() => Promise<void>>;
  /** After this long the process exits with 1 whatever is still running. */
  timeoutMs?: number;
  signals?: NodeJS.Signals[];
  /** Injected by tests; process.exit otherwise. */
  exit?: (code: number) => void;
}

/** Starts the shutdown; a second call (or signal) while one runs forces exit 1. */
export type TriggerShutdown = (reason: string) => Promise<void>;

/**
 * Installs SIGTERM/SIGINT handlers for a graceful stop: drain HTTP, run closers, exit 0 (1 if a
 * step failed). Returns the same shutdown as a function for launchers and tests.
 *
 * @example
 * installShutdown({ logger, servers: [server], closers: [() => bus.close(), () => db.close()] });
 */
export function installShutdown({
  logger,
  servers = [],
  closers = [],
  timeoutMs = 10_000,
  signals = ['SIGTERM', 'SIGINT'],
  exit = (code) => process.exit(code),
}: ShutdownOptions): TriggerShutdown {
  let running: Promise<void> | undefined;

  const shutdown: TriggerShutdown = (reason) => {
    if (running) {
      logger.warn({ reason }, 'Shutdown requested again; exiting now');
      exit(1);
      return running;
    }
    logger.info({ reason, timeoutMs }, 'Shutting down');
    // Deliberately keeps the process alive: a closer stuck on nothing must still end in exit 1, not a silent 0.
    const deadline = setTimeout(() => {
      logger.error({ timeoutMs }, 'Shutdown timed out; exiting');
      exit(1);
    }, timeoutMs);
    running = (async () => {
      const drained = await drainServers(servers, logger);
      const closed = await runClosers(closers, logger);
      clearTimeout(deadline);
      logger.info('Shutdown complete');
      // A batched logger (the gateway's) may still hold its last lines; exiting now would lose them.
      await new Promise<void>((resolve) => logger.flush(() => resolve()));
      exit(drained && closed ? 0 : 1);
    })();
    return running;
  };

  for (const signal of signals) process.on(signal, () => void shutdown(signal));
  return shutdown;
}

/**
 * Stops accepting connections and resolves once in-flight requests have finished. Keep-alive
 * sockets would hold close() open: each turns idle only once its last response ends, so idle
 * ones are swept until close completes.
 */
export function drainServer(server: Server): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    server.close((err) => {
      clearInterval(sweep);
      if (err) reject(err);
      else resolve();
    });
    server.closeIdleConnections();
  });
}

async function drainServers(servers: Server[], logger: Logger): Promise<boolean> {
  const results = await Promise.allSettled(servers.map(drainServer));
  const failures = results.filter((result) => result.status === 'rejected');
  for (const failure of failures) logger.error({ err: failure.reason }, 'Closing an HTTP server failed');
  return failures.length === 0;
}

async function runClosers(closers: Array<() => Promise<void>>, logger: Logger): Promise<boolean> {
  let ok = true;
  for (const close of closers) {
    try {
      await close();
    } catch (err) {
      ok = false;
      logger.error({ err }, 'A shutdown step failed; continuing with the next');
    }
  }
  return ok;
}
