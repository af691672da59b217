import { once } from 'node:events';
import { createServer, type IncomingMessage, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HeldAnswer {
  /** Resolves once a matching request has been answered by the target and its answer is held. */
  reached: Promise<void>;
  /** Passes the held answer on to the caller. */
  release(): void;
}

/**
 * An HTTP proxy in front of the local Stripe server that can hold one answer back after the
 * server gave it: an answer as old as a slow network makes it, for races the caller cannot
 * otherwise order. Everything else passes straight through.
 */
export class HoldingProxy {
  private holds: { matches: (req: IncomingMessage) => boolean; reached: () => void; released: Promise<void> }[] = [];

  private constructor(private readonly server: ReturnType<typeof createServer>) {}

  static async start(targetPort: number): Promise<HoldingProxy> {
    const server = createServer();
    const proxy = new HoldingProxy(server);
    server.on('request', (req, res) => {
      const upstream = request({ host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers: req.headers }, async (answer) => {
        const chunks: Buffer[] = [];
        for await (const chunk of answer) chunks.push(chunk as Buffer);
        await proxy.holdIfAsked(req);
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        res.end(Buffer.concat(chunks));
      });
      upstream.on('error', (error) => res.destroy(error));
      req.pipe(upstream);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return proxy;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** Holds the answer to the next request that matches. */
  holdNext(matches: (req: IncomingMessage) => boolean): HeldAnswer {
    let reached!: () => void;
    let release!: () => void;
    const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    this.holds.push({ matches, reached, released });
    return { reached: reachedPromise, release };
  }

  private async holdIfAsked(req: IncomingMessage): Promise<void> {
    const index = this.holds.findIndex((hold) => hold.matches(req));
    if (index === -1) return;
    const [hold] = this.holds.splice(index, 1);
    hold!.reached();
    await hold!.released;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
