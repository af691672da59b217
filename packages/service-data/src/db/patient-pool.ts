import pg from 'pg';
import { isDatabaseUnavailable } from '@agentdock/service-kit';

/**
 * How long a request waits for PostgreSQL to come back when it cannot get a connection. A restart
 * or a failover refuses connections for about a second; waiting that out turns what would be a
 * 503 into a slower answer.
 */
export const DEFAULT_CONNECT_PATIENCE_MS = 5_000;
const FIRST_PAUSE_MS = 50;
const LONGEST_PAUSE_MS = 500;

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * A pool whose connect waits out a database that is away (refused, starting up or shutting down,
 * out of connection slots, its name not resolving) instead of failing at once. Only getting a
 * connection is retried: no statement has been sent yet, so a retry can never apply a change
 * twice. A statement that loses its connection still fails, since whether it committed is unknown.
 * Every query goes through `connect`: drizzle's transactions call it, and so does the pool's own
 * `query`, with a callback.
 */
export class PatientPool extends pg.Pool {
  readonly #patienceMs: number;

  constructor(config: pg.PoolConfig, patienceMs = DEFAULT_CONNECT_PATIENCE_MS) {
    super(config);
    this.#patienceMs = patienceMs;
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const connecting = connectPatiently(() => super.connect(), this.#patienceMs);
    if (!callback) return connecting;
    connecting.then(
      (client) => callback(undefined, client, (release) => client.release(release as boolean | Error | undefined)),
      (error: Error) => callback(error, undefined, () => undefined),
    );
  }
}

/** Tries `connect` until it succeeds, fails for another reason than the database being away, or `patienceMs` has passed. */
export async function connectPatiently<T>(connect: () => Promise<T>, patienceMs: number, sleep = pause): Promise<T> {
  const deadline = Date.now() + patienceMs;
  for (let wait = FIRST_PAUSE_MS; ; wait = Math.min(wait * 2, LONGEST_PAUSE_MS)) {
    try {
      return await connect();
    } catch (error) {
      const left = deadline - Date.now();
      if (!isDatabaseUnavailable(error) || left <= 0) throw error;
      await sleep(Math.min(wait, left));
    }
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
