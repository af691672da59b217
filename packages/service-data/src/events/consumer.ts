import type { EventDefinition, EventEnvelope } from '@agentdock/contracts';
import type { z } from 'zod';
import type { Tx } from '../db/database';
import { processedEvents } from '../db/kit-schema';
import { type EventHandler, PoisonMessageError } from './bus';

/** Opens a transaction: a service's `context.transaction`, which relays the events enqueued in it as soon as it commits. */
export type TransactionRunner<TSchema extends Record<string, unknown> = Record<string, unknown>> = <T>(work: (tx: Tx<TSchema>) => Promise<T>) => Promise<T>;

export interface IdempotentHandlerOptions<TType extends string, TData extends z.ZodType, TSchema extends Record<string, unknown> = Record<string, unknown>> {
  /**
   * Where the handler's transaction comes from. A handler that publishes events of its own (an
   * enrolment granted, a welcome email asked for) needs `context.transaction`: with a bare
   * `db.transaction` its events would wait for the relay's next poll.
   */
  transaction: TransactionRunner<TSchema>;
  /** Names this consumer in the processed-events ledger (usually the durable name). */
  consumer: string;
  event: EventDefinition<TType, TData>;
  /** Applies the event inside the same transaction that records it as processed. */
  apply: (tx: Tx<TSchema>, data: z.infer<TData>, envelope: EventEnvelope<TType, z.infer<TData>>) => Promise<void>;
}

/**
 * Wraps a state change so a redelivered event has no second effect: the event id is recorded in
 * the same transaction as the change, and an id already recorded skips the change. A payload that
 * fails its contract is poison (retrying cannot fix it) and is terminated rather than retried.
 */
export function idempotentHandler<TType extends string, TData extends z.ZodType, TSchema extends Record<string, unknown> = Record<string, unknown>>(
  options: IdempotentHandlerOptions<TType, TData, TSchema>,
): EventHandler {
  return async (raw) => {
    const parsed = options.event.envelope.safeParse(raw);
    if (!parsed.success) throw new PoisonMessageError(`Event ${raw.id} does not match ${options.event.type} v${options.event.version}: ${parsed.error.message}`);
    const envelope = parsed.data;
    await options.transaction(async (tx) => {
      const recorded = await tx
        .insert(processedEvents)
        .values({ consumer: options.consumer, eventId: envelope.id })
        .onConflictDoNothing()
        .returning({ eventId: processedEvents.eventId });
      if (recorded.length === 0) return;
      await options.apply(tx, envelope.data, envelope);
    });
  };
}
