import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => socket.end(() => resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing listens on ${port} after ${timeoutMs} ms`);
}

export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/** A private nats-server with JetStream on its own port and store, restartable on both. */
export class PrivateNats {
  private child: ChildProcess | undefined;

  private constructor(
    readonly port: number,
    private readonly storeDir: string,
  ) {}

  static async start(): Promise<PrivateNats> {
    const nats = new PrivateNats(await freePort(), await mkdtemp(join(tmpdir(), 'agentdock-faults-nats-')));
    await nats.restart();
    return nats;
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    if (this.child) await stopProcess(this.child);
    this.child = undefined;
  }

  async restart(): Promise<void> {
    await this.stop();
    this.child = spawn('nats-server', ['-js', '-a', '127.0.0.1', '-p', String(this.port), '-sd', this.storeDir], { stdio: 'ignore' });
    await waitForPort(this.port);
  }

  async destroy(): Promise<void> {
    await this.stop();
    await rm(this.storeDir, { recursive: true, force: true });
  }
}
