import pg from 'pg';
import { isDatabaseUnavailable } from '@agentdock/service-kit';

/**
 * How long a request waits for PostgreSQL to come back when it cannot get a connection. A restart
 * or a failover refuses connections for about a second; waiting that out turns what would be a
 * 503 into a slower answer.
 */
export const DEFAULT_CONNECT_PATIENCE_MS = 5_000;
/** A group commit holds a pipelined connection for one round trip: a few serve every key's groups. */
const PIPELINED_CONNECTIONS = 4;
const FIRST_PAUSE_MS = 50;
const LONGEST_PAUSE_MS = 500;

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * A pool whose connect waits out a database that is away (refused, starting up or shutting down,
 * out of connection slots, its name not resolving) instead of failing at once: no statement has
 * been sent yet, so a retry can never apply a change twice. Every query goes through `connect`:
 * drizzle's transactions call it, and so does the pool's own `query`, with a callback.
 *
 * Of the statements that lose their connection under them (a restart ends every session, 57P01),
 * only a plain read sent on the pool's own `query`, outside any transaction, is sent again (within
 * the same patience): a SELECT without a lock changes nothing, so running it twice is running it
 * once. Anything else still fails, since whether it committed is unknown.
 */
export class PatientPool extends pg.Pool {
  readonly #patienceMs: number;
  #pipelined: PatientPool | undefined;

  constructor(config: pg.PoolConfig, patienceMs = DEFAULT_CONNECT_PATIENCE_MS) {
    super(config);
    this.#patienceMs = patienceMs;
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    this.query = ((...args: unknown[]) => {
      // A callback's caller is given the driver's own behaviour.
      if (typeof args.at(-1) === 'function' || !isPlainRead(args[0])) return query(...args);
      return patiently(() => query(...args) as Promise<unknown>, patienceMs);
    }) as typeof this.query;
  }

  /**
   * A few connections of their own to the same database whose statements are pipelined: the
   * driver writes each as it is given, without waiting for the answer to the one before. Made on
   * first use, ended with this pool; its clients' failures are this pool's.
   */
  pipelined(): PatientPool {
    if (!this.#pipelined) {
      const pipelined = new PatientPool({ ...this.options, min: 0, max: PIPELINED_CONNECTIONS, pipeline: true }, this.#patienceMs);
      pipelined.on('error', (error, client) => this.emit('error', error, client));
      pipelined.on('connect', (client) => this.emit('connect', client));
      this.#pipelined = pipelined;
    }
    return this.#pipelined;
  }

  override end(): Promise<void>;
  override end(callback: () => void): void;
  override end(callback?: () => void): Promise<void> | void {
    const ending = Promise.all([super.end(), this.#pipelined?.end()]).then(() => undefined);
    if (!callback) return ending;
    void ending.then(callback, callback);
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const connecting = patiently(() => super.connect(), this.#patienceMs);
    // drizzle's transactions take their client this way.
    if (!callback) return connecting.then(releasedWhenBeginFails);
    connecting.then(
      (client) => callback(undefined, client, (release) => client.release(release as boolean | Error | undefined)),
      (error: Error) => callback(error, undefined, () => undefined),
    );
  }
}

const PLAIN_READ = /^\s*select\b/i;
const LOCKING_CLAUSE = /\bfor\s+(update|no\s+key\s+update|share|key\s+share)\b/i;

/**
 * Whether a statement only reads: a SELECT (not a CTE, which may write) without a row lock. The
 * functions these services call in a SELECT (txid_status, aggregates) write nothing; their writing
 * functions run from triggers, under INSERT and UPDATE statements.
 */
export function isPlainRead(config: unknown): boolean {
  const text = typeof config === 'string' ? config : typeof config === 'object' && config !== null ? (config as { text?: unknown }).text : undefined;
  return typeof text === 'string' && PLAIN_READ.test(text) && !LOCKING_CLAUSE.test(text);
}

/** Tries `attempt` until it succeeds, fails for another reason than the database being away, or `patienceMs` has passed. */
export async function patiently<T>(attempt: () => Promise<T>, patienceMs: number, sleep = pause): Promise<T> {
  const deadline = Date.now() + patienceMs;
  for (let wait = FIRST_PAUSE_MS; ; wait = Math.min(wait * 2, LONGEST_PAUSE_MS)) {
    try {
      return await attempt();
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

/**
 * drizzle (0.45) sends a transaction's BEGIN before the `try` whose `finally` releases the client,
 * so a BEGIN that fails (the server stopped between connect and BEGIN) never gives the client
 * back: the pool loses a slot for good (ten restarts, and the service waits forever for a
 * connection) and closing the pool hangs. The client is released here when its BEGIN fails, and
 * a second release (a drizzle that fixed it) does nothing.
 */
export function releasedWhenBeginFails(client: pg.PoolClient): pg.PoolClient {
  // The pool gives each checkout a release of its own; this one is made idempotent per checkout.
  const release = client.release.bind(client);
  let released = false;
  client.release = (error?: boolean | Error) => {
    if (released) return;
    released = true;
    release(error);
  };
  // A pooled client lives for many checkouts: its query is watched once, not wrapped again each time.
  if (!watchedForBegin.has(client)) {
    watchedForBegin.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const result = query(...args);
      const config = args[0];
      const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
      if (typeof text === 'string' && /^\s*begin\b/i.test(text) && result instanceof Promise) {
        // The release of the checkout this BEGIN belongs to (the one current when it fails).
        result.catch((error: unknown) => client.release(error instanceof Error ? error : true));
      }
      return result;
    }) as typeof client.query;
  }
  return client;
}

const watchedForBegin = new WeakSet<pg.PoolClient>();
