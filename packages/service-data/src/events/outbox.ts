import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EventDefinition, EventEnvelope } from '@agentdock/contracts';
import { eq, sql } from 'drizzle-orm';
import { Counter, type Registry } from 'prom-client';
import type { z } from 'zod';
import type { Logger } from '@agentdock/service-kit';
import type { Db, Tx } from '../db/database';
import { namedStatement, prefixedColumns, rawRowReader } from '../db/named-statement';
import { outbox } from '../db/kit-schema';
import { type EventBus, EventBusUnavailableError } from './bus';

// On the path of every change that publishes (a chat reply's settlement among them): built once.
const insertEvent = namedStatement(
  'outbox_insert',
  sql`insert into outbox (id, subject, payload) values (${sql.placeholder('id')}::uuid, ${sql.placeholder('subject')}, ${sql.placeholder('payload')}::jsonb)`,
);

// The relay's read and its marks, on every pass (a pass per settled reply under load): built once.
const unpublished = namedStatement(
  'outbox_unpublished',
  sql`select ${prefixedColumns(outbox, 'outbox', '')} from outbox where published_at is null and parked_at is null order by sequence limit ${sql.placeholder('limit')}::int`,
);
const outboxFromRaw = rawRowReader(outbox);
// The ids as an array literal (\`{…}\`): uuids only, from the rows just read. Text, so the embedded
// database's runner (which sends every parameter as text) and node-postgres read it alike.
const publishedIds = sql`${sql.placeholder('ids')}::uuid[]`;
const markPublished = namedStatement('outbox_mark_published', sql`update outbox set published_at = now() where id = any(${publishedIds})`);
// The previous pass's mark and this pass's read in one statement: while events keep coming, a pass
// costs one round trip instead of two. The read leaves out the rows it marks (a statement does not
// see what its own CTE changed).
const markThenUnpublished = namedStatement(
  'outbox_mark_then_unpublished',
  sql`with marked as (update outbox set published_at = now() where id = any(${publishedIds}))
  select ${prefixedColumns(outbox, 'outbox', '')} from outbox
  where published_at is null and parked_at is null and id <> all(${publishedIds})
  order by sequence limit ${sql.placeholder('limit')}::int`,
);
const idsLiteral = (ids: readonly string[]) => `{${ids.join(',')}}`;
// The oldest published rows past their keep, one batch: `skip locked` lets two replicas' sweeps
// share the work instead of waiting on each other's rows.
const sweepBatch = namedStatement(
  'outbox_sweep_published',
  sql`with swept as (
    delete from outbox where id in (
      select id from outbox
      where published_at is not null and published_at < now() - make_interval(secs => ${sql.placeholder('keepSeconds')}::double precision)
      order by published_at limit ${sql.placeholder('limit')}::int
      for update skip locked)
    returning 1)
  select count(*)::int as swept from swept`,
);

/** An outbox row: the event's id, its subject and its envelope as JSON. */
export interface OutboxRow {
  id: string;
  subject: string;
  payload: string;
}

/** The event's envelope, checked against its contract here, where a producer bug is cheapest to find. */
function envelopeOf<TType extends string, TData extends z.ZodType>(
  source: string,
  event: EventDefinition<TType, TData>,
  data: z.infer<TData>,
): EventEnvelope<TType, z.infer<TData>> {
  return event.envelope.parse({ id: randomUUID(), type: event.type, version: event.version, occurredAt: new Date().toISOString(), source, data });
}

/** An event as the outbox row that records it, for a statement that writes the row itself (one statement instead of a transaction). */
export function outboxRow<TType extends string, TData extends z.ZodType>(source: string, event: EventDefinition<TType, TData>, data: z.infer<TData>): OutboxRow {
  const envelope = envelopeOf(source, event, data);
  return { id: envelope.id, subject: event.subject, payload: JSON.stringify(envelope) };
}

/**
 * Records an event in the outbox inside the caller's transaction, so the event exists exactly
 * when the state change it describes commits.
 */
export async function enqueueEvent<TType extends string, TData extends z.ZodType>(
  tx: Tx,
  source: string,
  event: EventDefinition<TType, TData>,
  data: z.infer<TData>,
): Promise<EventEnvelope<TType, z.infer<TData>>> {
  const envelope = envelopeOf(source, event, data);
  await insertEvent.run(tx, { id: envelope.id, subject: event.subject, payload: JSON.stringify(envelope) });
  return envelope;
}

export interface OutboxRelayOptions {
  db: Db;
  bus: EventBus;
  logger: Logger;
  /** Safety net: how often to look for events nobody nudged the relay about. */
  pollIntervalMs?: number;
  batchSize?: number;
  /**
   * The least time from one pass's start to the next one's while nudges keep coming (0: none):
   * under load the nudges meanwhile fold into one pass, so one read and one mark serve the events
   * of many changes instead of a pass each; a nudge to an idle relay still runs at once. Skipped
   * after a full batch, which may have more waiting.
   */
  minPassIntervalMs?: number;
  /** Failed publishes (with the bus up) after which a row is parked instead of retried. */
  maxAttempts?: number;
  /** Where `outbox_events_parked_total` and `outbox_events_swept_total` are registered (the service's /metrics registry). */
  metricsRegistry?: Registry;
  /**
   * How long a published event's row stays in the outbox (24 hours by default), for an operator
   * tracing a delivery; after that a sweep deletes it. Every change that publishes writes a row (a
   * `/v1` completion's settlement among them), so without the sweep the table grows with traffic
   * forever. Unpublished and parked rows are never swept.
   */
  publishedRetentionMs?: number;
  /** How often the sweep runs (every 10 minutes by default; again soon while a backlog remains). */
  sweepIntervalMs?: number;
}

const DEFAULT_PUBLISHED_RETENTION_MS = 24 * 60 * 60 * 1000;
const DEFAULT_SWEEP_INTERVAL_MS = 10 * 60 * 1000;
// A sweep deletes in batches this size, each its own short statement, for at most SWEEP_BUDGET_MS;
// what is left (a first sweep after an upgrade, say) goes in the next sweep, SWEEP_BACKLOG_PAUSE_MS
// later, so the relay's and the requests' statements get the database in between.
const SWEEP_BATCH = 1_000;
const SWEEP_BUDGET_MS = 1_000;
const SWEEP_BACKLOG_PAUSE_MS = 1_000;
// While the bus stays unavailable, how often the relay says so again (it says so at once, and when the bus is back).
const OUTAGE_LOG_INTERVAL_MS = 30_000;

/**
 * Ships committed outbox rows to the bus, oldest first, and marks them published.
 *
 * Publishing happens outside any transaction: a transaction held open across network calls would
 * pin a pooled connection, and on PGlite (one query at a time) it would stall every request of
 * the service until the bus answered. Without row locks two replicas may publish the same row;
 * that was already possible after a crash between publishing and marking, and is harmless: the
 * bus de-duplicates by event id and consumers are idempotent.
 *
 * A failed publish stops the pass so later events keep their order. When the bus itself is down
 * (its ping fails too) nothing is counted against the row: an outage must not park good events.
 * When the bus is up and one row still fails `maxAttempts` times, the row can never be published
 * (e.g. it exceeds the bus's payload limit) and would hold back every event behind it forever, so
 * it is parked: logged as an error, counted in `outbox_events_parked_total`, and skipped.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private passActive = false;
  private passRequested = false;
  private pass: Promise<void> = Promise.resolve();
  private readonly pollIntervalMs: number;
  private readonly minPassIntervalMs: number;
  private lastPassAt = Number.NEGATIVE_INFINITY;
  private readonly batchSize: number;
  private readonly maxAttempts: number;
  private readonly parked: Counter | undefined;
  /** Published by the relay's last pass and not marked yet: its next pass's read marks them. */
  private unmarked: string[] = [];
  private readonly publishedRetentionMs: number;
  private readonly sweepIntervalMs: number;
  private readonly swept: Counter | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> = Promise.resolve();
  /** Set by `stop`: a sweep under way ends after its current batch. */
  private stopping = false;
  /** Since when publishes have failed with the bus unavailable, how many passes so far, and when that was last logged. */
  private busOutage: { since: number; failedPasses: number; loggedAt: number } | undefined;
  /** While the bus is unavailable, nudges wait for the poll's timer instead of each starting a pass. */
  private holdingNudges = false;

  constructor(private readonly options: OutboxRelayOptions) {
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
    this.minPassIntervalMs = options.minPassIntervalMs ?? 0;
    this.batchSize = options.batchSize ?? 100;
    this.maxAttempts = options.maxAttempts ?? 10;
    this.parked = options.metricsRegistry
      ? new Counter({
          name: 'outbox_events_parked_total',
          help: 'Outbox events the relay gave up publishing after repeated failures while the bus was up',
          labelNames: ['subject'] as const,
          registers: [options.metricsRegistry],
        })
      : undefined;
    this.publishedRetentionMs = options.publishedRetentionMs ?? DEFAULT_PUBLISHED_RETENTION_MS;
    this.sweepIntervalMs = options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS;
    this.swept = options.metricsRegistry
      ? new Counter({
          name: 'outbox_events_swept_total',
          help: 'Published outbox rows deleted once older than the retention',
          registers: [options.metricsRegistry],
        })
      : undefined;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopping = false;
    this.holdingNudges = false;
    this.nudge();
    this.scheduleSweep(this.sweepIntervalMs);
  }

  /**
   * Deletes published rows older than the retention, oldest first, in batches, for at most
   * `budgetMs`; returns how many it deleted and whether it stopped with some still due. Exposed
   * for tests.
   */
  async sweepPublished({ budgetMs = SWEEP_BUDGET_MS, batch = SWEEP_BATCH } = {}): Promise<{ deleted: number; more: boolean }> {
    const startedAt = Date.now();
    let deleted = 0;
    for (;;) {
      const [row] = await sweepBatch.run(this.options.db, { keepSeconds: this.publishedRetentionMs / 1000, limit: batch });
      const swept = Number((row as { swept: number } | undefined)?.swept ?? 0);
      deleted += swept;
      if (swept < batch) return { deleted, more: false };
      if (Date.now() - startedAt >= budgetMs || this.stopping) return { deleted, more: true };
    }
  }

  private scheduleSweep(delayMs: number): void {
    this.sweepTimer = setTimeout(() => {
      this.sweeping = this.sweepPublished().then(
        ({ deleted, more }) => {
          this.swept?.inc(deleted);
          if (deleted > 0) this.options.logger.info({ deleted, more }, 'outbox relay deleted published events past their retention');
          if (this.running) this.scheduleSweep(more ? SWEEP_BACKLOG_PAUSE_MS : this.sweepIntervalMs);
        },
        (error: unknown) => {
          this.options.logger.warn({ err: error }, 'outbox relay could not delete old published events; will try again');
          if (this.running) this.scheduleSweep(this.sweepIntervalMs);
        },
      );
    }, delayMs);
    this.sweepTimer.unref?.();
  }

  /** Relays now rather than at the next poll; called after a transaction that enqueued events. */
  nudge(): void {
    if (!this.running) return;
    this.passRequested = true;
    if (this.passActive) return; // the pass in progress will loop once more
    if (this.holdingNudges) return; // the bus is unavailable: the poll's timer runs the next pass
    this.passActive = true;
    this.pass = this.runPasses();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.stopping = true;
    clearTimeout(this.timer);
    clearTimeout(this.sweepTimer);
    await Promise.all([this.pass, this.sweeping]);
    const marking = this.unmarked.splice(0);
    if (marking.length === 0) return;
    // Unmarked, they would be published again at the next start: harmless (de-duplicated), but noise.
    await markPublished.run(this.options.db, { ids: idsLiteral(marking) }).catch((error: unknown) => {
      this.options.logger.warn({ err: error, events: marking.length }, 'outbox relay could not mark its last events published; they will be published again');
    });
  }

  /**
   * Publishes one batch; returns how many rows it settled (published or parked). Exposed for tests.
   * The rows published are marked together in one statement at the end of the batch (one round
   * trip per pass, not per event), or with `deferMarks` by the next pass's read (the relay's own
   * passes: one round trip per pass); a crash in between publishes them again, which the bus's
   * de-duplication by event id absorbs, as after a crash between a publish and its mark.
   */
  async relayOnce({ deferMarks = false }: { deferMarks?: boolean } = {}): Promise<number> {
    const { db, bus } = this.options;
    const marking = this.unmarked.splice(0);
    const read = marking.length > 0 ? markThenUnpublished.run(db, { ids: idsLiteral(marking), limit: this.batchSize }) : unpublished.run(db, { limit: this.batchSize });
    const batch = (
      await read.catch((error: unknown) => {
        this.unmarked.unshift(...marking);
        throw error;
      })
    ).map((raw) => outboxFromRaw(raw)!);
    const published: string[] = [];
    let settled = 0;
    try {
      for (const row of batch) {
        try {
          await bus.publish(row.subject, row.payload as EventEnvelope);
        } catch (error) {
          if (!(await this.recordFailure(row, error))) break;
          settled += 1;
          continue;
        }
        published.push(row.id);
        this.busBack();
        settled += 1;
      }
    } finally {
      if (deferMarks) this.unmarked.push(...published);
      else if (published.length > 0) await markPublished.run(db, { ids: idsLiteral(published) });
    }
    return settled;
  }

  /** Returns whether the row was parked (the pass may go on past it). */
  private async recordFailure(row: typeof outbox.$inferSelect, error: unknown): Promise<boolean> {
    const { db, bus, logger } = this.options;
    const lastError = error instanceof Error ? error.message : String(error);
    // The bus may answer a ping while its stream cannot take events (JetStream electing a leader).
    const busUp =
      !(error instanceof EventBusUnavailableError) &&
      (await bus.ping().then(
        () => true,
        () => false,
      ));
    if (!busUp) {
      this.busUnavailable(row, error);
      await db.update(outbox).set({ lastError }).where(eq(outbox.id, row.id));
      return false;
    }
    const attempts = row.attempts + 1;
    if (attempts < this.maxAttempts) {
      logger.warn({ err: error, eventId: row.id, subject: row.subject, attempts }, 'outbox relay could not publish; will retry');
      await db.update(outbox).set({ attempts, lastError }).where(eq(outbox.id, row.id));
      return false;
    }
    await db.update(outbox).set({ attempts, lastError, parkedAt: new Date() }).where(eq(outbox.id, row.id));
    this.parked?.inc({ subject: row.subject });
    logger.error(
      { err: error, eventId: row.id, subject: row.subject, attempts },
      'outbox relay parked an event it could not publish; later events go on without it (set parked_at to null to retry it)',
    );
    return true;
  }

  /**
   * An outage is logged when it starts and then every OUTAGE_LOG_INTERVAL_MS, not once per pass:
   * under load a pass came every 10 ms, and a 20 s partition of one NATS server logged 47 lines.
   */
  private busUnavailable(row: { id: string; subject: string }, error: unknown): void {
    const now = Date.now();
    const outage = this.busOutage;
    if (!outage) {
      this.busOutage = { since: now, failedPasses: 1, loggedAt: now };
      this.options.logger.warn({ err: error, eventId: row.id, subject: row.subject }, 'outbox relay could not publish: the event bus is unavailable; will retry');
      return;
    }
    outage.failedPasses += 1;
    if (now - outage.loggedAt < OUTAGE_LOG_INTERVAL_MS) return;
    outage.loggedAt = now;
    this.options.logger.warn(
      { err: error, eventId: row.id, subject: row.subject, failedPasses: outage.failedPasses, unavailableForMs: now - outage.since },
      'outbox relay still cannot publish: the event bus is unavailable; will retry',
    );
  }

  private busBack(): void {
    const outage = this.busOutage;
    if (!outage) return;
    this.busOutage = undefined;
    this.options.logger.info({ failedPasses: outage.failedPasses, unavailableForMs: Date.now() - outage.since }, 'outbox relay publishes again: the event bus is back');
  }

  private async runPasses(): Promise<void> {
    clearTimeout(this.timer);
    let failed = false;
    try {
      let full = false;
      while (this.running && this.passRequested) {
        const wait = full ? 0 : this.lastPassAt + this.minPassIntervalMs - Date.now();
        // Nudges during the wait only set `passRequested`: they are all served by the pass after it.
        if (wait > 0) await sleep(wait);
        if (!this.running) break;
        this.passRequested = false;
        this.lastPassAt = Date.now();
        full = false;
        try {
          // A full batch means there may be more waiting right now.
          if ((await this.relayOnce({ deferMarks: true })) === this.batchSize) this.passRequested = full = true;
          if (this.busOutage) break;
        } catch (error) {
          failed = true;
          this.options.logger.error({ err: error }, 'outbox relay pass failed');
        }
      }
    } finally {
      this.passActive = false;
    }
    if (this.running) {
      // Marks still owed go with the next pass's read: one that traffic brings within the least
      // interval between passes, else this one, which reads and marks on its own. After a failed
      // pass (the database away) the poll's pace, not a loop; while the bus is unavailable, the
      // poll's pace whatever traffic nudges (each pass would fail, write the row's error and log).
      this.holdingNudges = this.busOutage !== undefined;
      const owed = this.unmarked.length > 0 && !failed && !this.holdingNudges;
      this.timer = setTimeout(
        () => {
          this.holdingNudges = false;
          this.nudge();
        },
        owed ? this.minPassIntervalMs : this.pollIntervalMs,
      );
      this.timer.unref?.();
    }
  }
}
