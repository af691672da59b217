import type { EventEnvelope } from '@agentdock/contracts';
import type { Logger } from '@agentdock/service-kit';
import { DEFAULT_ACK_WAIT_MS, DEFAULT_MAX_DELIVER, DEFAULT_RETRY_DELAY_MS, type EventBus, PoisonMessageError, type SubscribeOptions, type Subscription, withAckWait } from './bus';

interface StoredMessage {
  sequence: number;
  subject: string;
  envelope: EventEnvelope;
}

interface DurableState {
  options: Required<Omit<SubscribeOptions, 'handler'>> & Pick<SubscribeOptions, 'handler'>;
  /** Sequence of the last message handed to this consumer in order. */
  cursor: number;
  active: boolean;
  draining: boolean;
  /** Messages to redeliver, with the delivery count they will carry. */
  retries: Array<{ message: StoredMessage; deliveryCount: number; dueAt: number }>;
  timer?: NodeJS.Timeout;
  idle?: Promise<void>;
}

export interface InProcessBusOptions {
  logger: Logger;
  /** Messages kept for consumers that have not seen them yet (like a stream's max_msgs). */
  maxMessages?: number;
  /** How long a published id is remembered for de-duplication (JetStream's default is 2 min). */
  duplicateWindowMs?: number;
}

/**
 * The embedded default's bus: an in-memory stream with durable consumers, giving the JetStream
 * adapter's delivery semantics inside one process. It keeps nothing across a restart; events not
 * yet relayed stay in each service's outbox, which is what makes a restart safe.
 */
export class InProcessBus implements EventBus {
  private readonly messages: StoredMessage[] = [];
  private readonly durables = new Map<string, DurableState>();
  private readonly recentIds = new Map<string, number>();
  private sequence = 0;
  private closed = false;
  private readonly maxMessages: number;
  private readonly duplicateWindowMs: number;

  constructor(private readonly options: InProcessBusOptions) {
    this.maxMessages = options.maxMessages ?? 10_000;
    this.duplicateWindowMs = options.duplicateWindowMs ?? 120_000;
  }

  async publish(subject: string, envelope: EventEnvelope): Promise<void> {
    if (this.closed) throw new Error('The event bus is closed');
    const now = Date.now();
    this.forgetExpiredIds(now);
    if (this.recentIds.has(envelope.id)) return;
    this.recentIds.set(envelope.id, now);
    // A copy, so a consumer can never see a producer's later mutation (as over the wire).
    const message = { sequence: ++this.sequence, subject, envelope: structuredClone(envelope) };
    this.messages.push(message);
    if (this.messages.length > this.maxMessages) this.messages.shift();
    // Only the consumers of this subject have something to deliver: waking every durable (a
    // service has twenty) cost each `/v1` completion's event twenty timers and drains that found
    // nothing. The others pass over it by index when a message of theirs next wakes them.
    for (const durable of this.durables.values()) if (durable.options.subject === subject) this.schedule(durable, 0);
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    const existing = this.durables.get(options.durable);
    if (existing?.active) throw new Error(`Durable consumer ${options.durable} is already running`);
    const state: DurableState = existing ?? {
      options: {
        durable: options.durable,
        subject: options.subject,
        handler: options.handler,
        ackWaitMs: options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS,
        maxDeliver: options.maxDeliver ?? DEFAULT_MAX_DELIVER,
        retryDelayMs: options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS,
      },
      cursor: 0,
      active: false,
      draining: false,
      retries: [],
    };
    state.options.handler = options.handler;
    state.active = true;
    this.durables.set(options.durable, state);
    this.schedule(state, 0);
    return {
      stop: async () => {
        state.active = false;
        clearTimeout(state.timer);
        await state.idle;
      },
    };
  }

  async ping(): Promise<void> {
    if (this.closed) throw new Error('The event bus is closed');
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const state of this.durables.values()) {
      state.active = false;
      clearTimeout(state.timer);
    }
    await Promise.all([...this.durables.values()].map((state) => state.idle));
  }

  private forgetExpiredIds(now: number): void {
    for (const [id, at] of this.recentIds) {
      if (now - at < this.duplicateWindowMs) break; // insertion order is time order
      this.recentIds.delete(id);
    }
  }

  private schedule(state: DurableState, delayMs: number): void {
    if (!state.active || state.draining) return;
    clearTimeout(state.timer);
    state.timer = setTimeout(() => {
      state.idle = this.drain(state);
    }, delayMs);
    state.timer.unref?.();
  }

  /** Delivers due retries, then new messages, one at a time (like a pull consumer in a loop). */
  private async drain(state: DurableState): Promise<void> {
    state.draining = true;
    try {
      while (state.active) {
        const next = this.nextDelivery(state);
        if (!next) break;
        await this.deliver(state, next.message, next.deliveryCount);
      }
    } finally {
      state.draining = false;
    }
    const nextRetry = Math.min(...state.retries.map((retry) => retry.dueAt));
    if (state.active && Number.isFinite(nextRetry)) this.schedule(state, Math.max(0, nextRetry - Date.now()));
  }

  private nextDelivery(state: DurableState): { message: StoredMessage; deliveryCount: number } | undefined {
    const now = Date.now();
    const dueIndex = state.retries.findIndex((retry) => retry.dueAt <= now);
    if (dueIndex >= 0) return state.retries.splice(dueIndex, 1)[0];
    // The stored messages' sequences are consecutive (pushed with the next one, dropped only from
    // the front), so the first one after the cursor is found by its index, not by a scan from the
    // oldest: with the store full, that scan ran once per consumer per published event.
    const oldest = this.messages[0]?.sequence ?? this.sequence + 1;
    let message: StoredMessage | undefined;
    for (let index = Math.max(0, state.cursor + 1 - oldest); index < this.messages.length; index += 1) {
      const candidate = this.messages[index]!;
      if (candidate.subject === state.options.subject) {
        message = candidate;
        break;
      }
    }
    state.cursor = message?.sequence ?? this.sequence;
    return message && { message, deliveryCount: 1 };
  }

  private async deliver(state: DurableState, message: StoredMessage, deliveryCount: number): Promise<void> {
    const { handler, ackWaitMs, maxDeliver, retryDelayMs, durable } = state.options;
    const log = this.options.logger.child({ durable, subject: message.subject, eventId: message.envelope.id, deliveryCount });
    try {
      await withAckWait(handler(structuredClone(message.envelope), { subject: message.subject, deliveryCount }), ackWaitMs);
    } catch (error) {
      if (error instanceof PoisonMessageError || deliveryCount >= maxDeliver) {
        log.error({ err: error }, 'event terminated: it will not be redelivered');
        return;
      }
      log.warn({ err: error }, 'event handler failed; redelivering later');
      state.retries.push({ message, deliveryCount: deliveryCount + 1, dueAt: Date.now() + retryDelayMs });
    }
  }
}
