import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@agentdock/service-kit/testing';

export { freePort };

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

const run = (command: string, args: string[]) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr?.on('data', (chunk) => (errors += chunk));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${errors}`))));
  });

/** PostgreSQL refuses to run as root: as root, its tools run as the postgres user. */
const asServerUser = (binary: string, args: string[]) =>
  process.getuid?.() === 0 ? run('su', ['postgres', '-s', '/bin/sh', '-c', [binary, ...args].map((part) => `'${part.replaceAll("'", "'\\''")}'`).join(' ')]) : run(binary, args);

/** A private PostgreSQL cluster (initdb in a temp folder, its own port), restartable. */
export class PrivatePostgres {
  private constructor(
    readonly port: number,
    private readonly dataDir: string,
    private readonly bin: string,
  ) {}

  static async start(): Promise<PrivatePostgres> {
    const { readdirSync } = await import('node:fs');
    const version = readdirSync('/usr/lib/postgresql').sort().at(-1);
    if (!version) throw new Error('PostgreSQL is not installed under /usr/lib/postgresql');
    const folder = await mkdtemp(join(tmpdir(), 'agentdock-faults-pg-'));
    if (process.getuid?.() === 0) await run('chown', ['postgres', folder]);
    const postgres = new PrivatePostgres(await freePort(), folder, `/usr/lib/postgresql/${version}/bin`);
    await asServerUser(`${postgres.bin}/initdb`, ['-D', join(folder, 'data'), '-U', 'postgres', '-A', 'trust', '--no-sync']);
    await postgres.startServer();
    return postgres;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  async startServer(): Promise<void> {
    await asServerUser(`${this.bin}/pg_ctl`, [
      '-D',
      join(this.dataDir, 'data'),
      '-l',
      join(this.dataDir, 'log'),
      '-w',
      '-o',
      `-p ${this.port} -k ${this.dataDir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  }

  async stopServer(): Promise<void> {
    await asServerUser(`${this.bin}/pg_ctl`, ['-D', join(this.dataDir, 'data'), '-m', 'fast', '-w', 'stop']);
  }

  async destroy(): Promise<void> {
    await this.stopServer().catch(() => undefined);
    await rm(this.dataDir, { recursive: true, force: true });
  }
}
