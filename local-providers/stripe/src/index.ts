import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startHttpServer } from '@agentdock/service-kit';
import { createLocalStripeApp, type LocalStripeOptions } from './server';

export { createLocalStripeApp, type LocalStripeOptions } from './server';

/** The local server's API key on one machine (it guards nothing of value: the server is a test double bound to loopback). */
export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_local';
export { StripeEngine, StripeApiError } from './engine';
export { DEFAULT_RETRY_DELAYS_MS, type DeliveredEvent, type DeliveryOptions } from './delivery';
export { AUTHENTICATION_CARDS, AUTHENTICATION_FAILED_MESSAGE, TEST_CARDS, DECLINE_MESSAGE } from './store';

export interface RunningLocalStripe {
  url: string;
  port: number;
  server: Server;
  engine: ReturnType<typeof createLocalStripeApp>['engine'];
  close(): Promise<void>;
}

/** Starts the server; port 0 picks a free one (tests). `publicUrl` defaults to the bound address. */
export async function startLocalStripe(options: Omit<LocalStripeOptions, 'publicUrl'> & { port: number; host?: string; publicUrl?: string }): Promise<RunningLocalStripe> {
  const host = options.host ?? '127.0.0.1';
  let publicUrl = options.publicUrl ?? '';
  // The page URLs need the bound port, known only after listening: the engine reads it lazily.
  const { app, engine } = createLocalStripeApp({
    ...options,
    get publicUrl() {
      return publicUrl;
    },
  });
  // A taken port rejects with a message naming it (express 5's listen would call back unbound).
  const server = await startHttpServer(app, { port: options.port, host });
  const port = (server.address() as AddressInfo).port;
  if (!publicUrl) publicUrl = `http://${host}:${port}`;
  return {
    url: `http://${host}:${port}`,
    port,
    server,
    engine,
    close: () => {
      engine.stopDeliveries();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
