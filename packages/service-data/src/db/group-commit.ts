import { setTimeout as pause } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './database';
import { type NamedStatement, namedStatement, runsEmbedded, sessionClient } from './named-statement';
import { PatientPool } from './patient-pool';

/** The group's transaction id, asked for in the group: whether it committed can be asked after a lost COMMIT. */
const transactionId = namedStatement('group_commit_transaction_id', sql`select txid_current()::text as txid`);
const transactionStatus = namedStatement('group_commit_transaction_status', sql`select txid_status(${sql.placeholder('txid')}::bigint) as status`);

/** One statement waiting for its group: it runs as `statement.run(handle, values)` would. */
export interface GroupedStatement {
  statement: NamedStatement;
  values: Record<string, unknown>;
}

export interface GroupCommitOptions<TItem extends GroupedStatement> {
  /**
   * A statement run first in a group's transaction that takes the row locks the group's statements
   * take before the contended row, in the order every other transaction takes them: a statement
   * further down the group would otherwise lock one of them while the group holds the contended
   * row, against a transaction that holds it and waits for the contended row (a deadlock).
   */
  lockFirst?: (items: TItem[]) => GroupedStatement;
  /** The most statements in one transaction: the contended row is held while they all run. */
  maxGroup?: number;
}

/** A key's statements waiting for a group, whether a group is running its statements, and how many groups have not finished. */
interface KeyState<TItem> {
  waiting: Waiting<TItem>[];
  running: boolean;
  open: number;
}

interface Waiting<TItem> {
  item: TItem;
  resolve: (rows: Record<string, unknown>[]) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for statements that all lock one row (a team's pool: every member's reservation
 * takes its wallet row). Each holds the row until its commit has been flushed to disk, so on
 * PostgreSQL they pass one flush at a time, however many connections wait: the row's rate is one
 * commit's latency. Here the first statement for a key runs at once, alone, exactly as it would
 * without grouping; those arriving while it runs wait and then run together in one transaction,
 * one after the other, with one commit (and one flush) for all of them. Each still gets its own rows,
 * and the group's writes are the same as the statements' one at a time, in that order.
 *
 * A group goes to the database in one round trip: its BEGIN, statements and COMMIT are written
 * together on a pipelined connection (`PatientPool.pipelined`), so the row waits on the server's
 * work rather than on a round trip per statement.
 *
 * The statements must be ones that can run outside a transaction and write everything or nothing
 * (a refusal is no row, not an error). Where a statement fails, the rest of its group fails with
 * it, the COMMIT rolls the transaction back with nothing written, and each statement of the group
 * runs again on its own, so that one statement's error is its own and no other's. A COMMIT refused
 * with an error (a deferred constraint) wrote nothing either. One whose answer was lost with its
 * connection is settled by asking the database whether the group's transaction committed
 * (`txid_status`, asked again while the server has not yet seen the connection go): committed,
 * each statement has its rows; rolled back, each runs again alone; where that cannot be told, the
 * group's statements fail, as a lost connection fails a statement run alone. On the embedded database, which runs one statement at a time with no flush
 * to share, statements run as they come.
 */
export class GroupCommits<TItem extends GroupedStatement> {
  private readonly keys = new WeakMap<Db, Map<string, KeyState<TItem>>>();
  private readonly maxGroup: number;

  constructor(private readonly options: GroupCommitOptions<TItem> = {}) {
    this.maxGroup = options.maxGroup ?? 64;
  }

  /**
   * Runs `item` on `db`, grouped with others for the same `key` that arrive while one runs. Given a
   * transaction's handle, it runs there and then: its commit is that transaction's.
   */
  run(db: Db, key: string, item: TItem): Promise<Record<string, unknown>[]> {
    if (runsEmbedded(db) || db instanceof PgTransaction) return item.statement.run(db, item.values);
    let byKey = this.keys.get(db);
    if (!byKey) this.keys.set(db, (byKey = new Map()));
    let state = byKey.get(key);
    if (!state) byKey.set(key, (state = { waiting: [], running: false, open: 0 }));
    const promise = new Promise<Record<string, unknown>[]>((resolve, reject) => state.waiting.push({ item, resolve, reject }));
    this.next(db, byKey, key, state);
    return promise;
  }

  /**
   * Starts the next group unless one is still running its statements. A group whose statements
   * are done and that is committing lets the next one begin and take its members' locks; the next
   * one's first statement then waits in the database for the row, and runs as soon as the
   * commit releases it, without a round trip to the service first.
   */
  private next(db: Db, byKey: Map<string, KeyState<TItem>>, key: string, state: KeyState<TItem>): void {
    if (state.running) return;
    if (state.waiting.length === 0) {
      if (state.open === 0) byKey.delete(key);
      return;
    }
    state.running = true;
    state.open += 1;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      state.running = false;
      this.next(db, byKey, key, state);
    };
    void this.runGroup(db, state.waiting.splice(0, this.maxGroup), release).finally(() => {
      state.open -= 1;
      release();
      // Forgets the key once nothing waits or runs (or starts what came in meanwhile).
      this.next(db, byKey, key, state);
    });
  }

  /** Runs `group`, calling `committing` once its statements are done and only the commit is left. */
  private async runGroup(db: Db, group: Waiting<TItem>[], committing: () => void): Promise<void> {
    if (group.length === 1) return this.runAlone(db, group[0]!);
    const failAll = (error: unknown) => group.forEach((waiting) => waiting.reject(error));
    let client: pg.PoolClient;
    try {
      client = await pipelinedPool(db).connect();
    } catch (error) {
      return failAll(error);
    }
    const items = group.map(({ item }) => item);
    const lock = this.options.lockFirst?.(items);
    // Written together: the driver sends each without waiting for the one before.
    void client.query('begin').catch(() => undefined);
    const txid = transactionId.send(client, {});
    txid.catch(() => undefined);
    const sent = [...(lock ? [lock] : []), ...items].map(({ statement, values }) => statement.send(client, values));
    const commit = client.query('commit');
    commit.catch(() => undefined);
    const outcomes = await Promise.allSettled(sent);
    committing();
    const rows = outcomes.slice(lock ? 1 : 0).map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : undefined));
    const failed = outcomes.some((outcome) => outcome.status === 'rejected');
    let written: 'committed' | 'aborted' | 'unknown';
    try {
      // A statement failed, those after it with it, and the COMMIT rolled the group back.
      written = (await commit).command === 'COMMIT' && !failed ? 'committed' : 'aborted';
      client.release();
    } catch (error) {
      client.release(error instanceof Error ? error : true);
      // A COMMIT refused with an ERROR (a deferred constraint) was refused before the commit was
      // written: rolled back. Its answer lost with the connection (or a FATAL, which can come after
      // the commit), the database says which from the transaction's id, once it can be asked.
      written = refusedBeforeCommit(error) ? 'aborted' : await outcomeOf(db, txid);
      if (written === 'unknown') return failAll(error);
    }
    if (written === 'committed' && !failed) return group.forEach((waiting, index) => waiting.resolve(rows[index]!));
    // Nothing was written: each runs again alone, so that an error is its own.
    for (const waiting of group) await this.runAlone(db, waiting);
  }

  private async runAlone(db: Db, { item, resolve, reject }: Waiting<TItem>): Promise<void> {
    try {
      resolve(await item.statement.run(db, item.values));
    } catch (error) {
      reject(error);
    }
  }
}

/** The pipelined connections of `db`'s pool (openDatabase's handles on PostgreSQL hold a `PatientPool`). */
function pipelinedPool(db: Db): PatientPool {
  const pool = sessionClient(db);
  if (pool instanceof PatientPool) return pool.pipelined();
  throw new Error('group commit: not a root handle of openDatabase on PostgreSQL');
}

function refusedBeforeCommit(error: unknown): boolean {
  return error instanceof pg.DatabaseError && error.severity === 'ERROR';
}

/** How long a transaction whose connection is gone may still be 'in progress': its backend has not yet seen the loss, or is still rolling back. */
const SETTLING = { tries: 50, every: 100 };

/** Whether the transaction whose id `txid` answers committed, was rolled back, or cannot be told (its id never came, or it stayed in progress). */
async function outcomeOf(db: Db, txid: Promise<Record<string, unknown>[]>): Promise<'committed' | 'aborted' | 'unknown'> {
  try {
    const [{ txid: id } = {}] = await txid;
    for (let attempt = 0; attempt < SETTLING.tries; attempt += 1) {
      const [{ status } = {}] = await transactionStatus.run(db, { txid: id });
      if (status === 'committed' || status === 'aborted') return status;
      if (status !== 'in progress') return 'unknown';
      await pause(SETTLING.every);
    }
    return 'unknown';
  } catch {
    return 'unknown';
  }
}
