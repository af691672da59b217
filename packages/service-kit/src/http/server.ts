import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expressServerClasses } from './express-classes';

export interface ListenOptions {
  /** 0 picks a free port (tests); read it back with serverUrl(). */
  port: number;
  host?: string;
  /**
   * A client has this long to send its headers and whole body; past it Node answers 408 and closes.
   * Without it a request that declares a body and never sends it holds the connection (and, at the
   * gateway, an upstream one) until the upstream gives up and gets blamed.
   */
  requestTimeoutMs?: number;
  /** How long a kept-alive connection may sit idle before the server closes it (announced in `Keep-Alive: timeout=…`). */
  idleKeepAliveMs?: number;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 15_000;

/**
 * Node's own default is 5 s: every lull longer than that closed the pooled connections of each
 * hop (client to gateway, gateway to service, service to provider), and the next burst opened them
 * all again at once while the platform was busiest (measured: after 30 s idle, ~500 new
 * connections in the first second of 500 completions/s). Clients that pool (undici, Node's agent
 * with a timeout) follow the announced timeout less a margin, and it is a little above the 60 s
 * idle limit of HAProxy (deploy/cluster) and of the usual cloud load balancers, so the client,
 * not the server, closes an idle connection: a server that closes one as it is reused fails that
 * request.
 */
export const DEFAULT_IDLE_KEEP_ALIVE_MS = 65_000;

/**
 * Starts listening and resolves once the port is bound. A port that is taken rejects with a
 * message naming it instead of an unhandled 'error' event.
 */
export function startHttpServer(
  app: http.RequestListener,
  { port, host = '0.0.0.0', requestTimeoutMs = DEFAULT_REQUEST_TIMEOUT_MS, idleKeepAliveMs = DEFAULT_IDLE_KEEP_ALIVE_MS }: ListenOptions,
): Promise<http.Server> {
  const server = http.createServer(
    {
      requestTimeout: requestTimeoutMs,
      headersTimeout: Math.min(requestTimeoutMs, 10_000),
      // Node checks those timeouts on this interval; its default (30 s) would let a stalled request live far longer.
      connectionsCheckingInterval: Math.min(1_000, requestTimeoutMs),
      ...expressServerClasses(app),
    },
    app,
  );
  server.keepAliveTimeout = idleKeepAliveMs;
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      reject(err.code === 'EADDRINUSE' ? new Error(`Port ${port} on ${host} is already in use. Stop the process using it or configure another port.`, { cause: err }) : err);
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(server);
    });
  });
}

/** The URL the server is reachable at, e.g. http://127.0.0.1:53127 (wildcard hosts map to loopback). */
export function serverUrl(server: http.Server): string {
  const address = server.address() as AddressInfo | null;
  if (address === null || typeof address === 'string') throw new Error('The server is not listening on a TCP port');
  const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/** Closes at once, dropping open connections: for test doubles, not for production shutdown. */
export function closeHttpServer(server: http.Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((err) => (err ? reject(err) : resolve()));
    server.closeAllConnections();
  });
}
