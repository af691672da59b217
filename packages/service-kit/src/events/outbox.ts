import { randomUUID } from 'node:crypto';
import type { EventDefinition, EventEnvelope } from '@agentdock/contracts';
import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/database';
import { outbox } from '../db/kit-schema';
import type { Logger } from '../logger';
import type { EventBus } from './bus';

/**
 * Records an event in the outbox inside the caller's transaction, so the event exists exactly
 * when the state change it describes commits. The payload is checked against the event's
 * contract here, where a producer bug is cheapest to find.
 */
export async function enqueueEvent<TType extends string, TData extends z.ZodType>(
  tx: Db,
  source: string,
  event: EventDefinition<TType, TData>,
  data: z.infer<TData>,
): Promise<EventEnvelope<TType, z.infer<TData>>> {
  const envelope = event.envelope.parse({
    id: randomUUID(),
    type: event.type,
    version: event.version,
    occurredAt: new Date().toISOString(),
    source,
    data,
  });
  await tx.insert(outbox).values({ id: envelope.id, subject: event.subject, payload: envelope });
  return envelope;
}

export interface OutboxRelayOptions {
  db: Db;
  bus: EventBus;
  logger: Logger;
  /** Safety net: how often to look for events nobody nudged the relay about. */
  pollIntervalMs?: number;
  batchSize?: number;
}

/**
 * Ships committed outbox rows to the bus, oldest first, and marks them published. Rows are
 * claimed with SKIP LOCKED so replicas of a service can relay side by side. A crash between
 * publishing and marking re-publishes the same event id, which the bus de-duplicates and
 * idempotent consumers ignore anyway.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private passActive = false;
  private passRequested = false;
  private pass: Promise<void> = Promise.resolve();
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;

  constructor(private readonly options: OutboxRelayOptions) {
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
    this.batchSize = options.batchSize ?? 100;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.nudge();
  }

  /** Relays now rather than at the next poll; called after a transaction that enqueued events. */
  nudge(): void {
    if (!this.running) return;
    this.passRequested = true;
    if (this.passActive) return; // the pass in progress will loop once more
    this.passActive = true;
    this.pass = this.runPasses();
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    await this.pass;
  }

  /** Publishes one batch; returns how many events were published. Exposed for tests. */
  async relayOnce(): Promise<number> {
    const { db, bus, logger } = this.options;
    return db.transaction(async (tx) => {
      const batch = await tx
        .select()
        .from(outbox)
        .where(isNull(outbox.publishedAt))
        .orderBy(asc(outbox.sequence))
        .limit(this.batchSize)
        .for('update', { skipLocked: true });
      let published = 0;
      for (const row of batch) {
        try {
          await bus.publish(row.subject, row.payload as EventEnvelope);
        } catch (error) {
          // Keep order: stop at the first failure and retry the rest on the next pass.
          logger.warn({ err: error, eventId: row.id, subject: row.subject }, 'outbox relay could not publish; will retry');
          await tx
            .update(outbox)
            .set({ attempts: sql`${outbox.attempts} + 1`, lastError: error instanceof Error ? error.message : String(error) })
            .where(eq(outbox.id, row.id));
          break;
        }
        await tx.update(outbox).set({ publishedAt: new Date() }).where(eq(outbox.id, row.id));
        published += 1;
      }
      return published;
    });
  }

  private async runPasses(): Promise<void> {
    clearTimeout(this.timer);
    try {
      while (this.running && this.passRequested) {
        this.passRequested = false;
        try {
          // A full batch means there may be more waiting right now.
          if ((await this.relayOnce()) === this.batchSize) this.passRequested = true;
        } catch (error) {
          this.options.logger.error({ err: error }, 'outbox relay pass failed');
        }
      }
    } finally {
      this.passActive = false;
    }
    if (this.running) {
      this.timer = setTimeout(() => this.nudge(), this.pollIntervalMs);
      this.timer.unref?.();
    }
  }
}
