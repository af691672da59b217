import type { EventEnvelope } from '@agentdock/contracts';

/**
 * The event bus every service talks to. Two adapters implement it with the same semantics:
 * JetStream (production) and in-process (embedded default, one launcher process).
 *
 * - publish is de-duplicated by the envelope id (JetStream's Nats-Msg-Id window; the outbox relay
 *   may publish an event twice after a crash, the bus stores it once);
 * - each subscription is a durable consumer: messages published while it was stopped are
 *   delivered when it comes back, and a consumer created after messages were published receives
 *   them all (deliver-all);
 * - delivery is at-least-once: a handler that resolves acks, one that throws is redelivered after
 *   a delay, and one that does not settle within `ackWaitMs` is redelivered too;
 * - a handler that throws `PoisonMessageError` (or exhausts `maxDeliver`) has the message
 *   terminated and logged, so one bad message never blocks the rest.
 */
export interface EventBus {
  /** Rejects with `EventBusUnavailableError` where the bus cannot take events right now (whatever the event). */
  publish(subject: string, envelope: EventEnvelope): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** Readiness probe. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface SubscribeOptions {
  /** Durable consumer name: unique per consuming service and purpose, stable across restarts. */
  durable: string;
  subject: string;
  handler: EventHandler;
  ackWaitMs?: number;
  maxDeliver?: number;
  /** Delay before a failed message is redelivered. */
  retryDelayMs?: number;
}

export interface DeliveryInfo {
  subject: string;
  /** 1 on first delivery, 2 on the first redelivery, … */
  deliveryCount: number;
}

export type EventHandler = (envelope: EventEnvelope, delivery: DeliveryInfo) => Promise<void>;

export interface Subscription {
  stop(): Promise<void>;
}

/**
 * A publish refused because the bus cannot take events right now, not because of the event: with
 * JetStream, the stream has no leader (one being elected after a server left, or a partition),
 * the publish's acknowledgement timed out, or the connection is closing. The outbox keeps such an
 * event and tries again, however many times; it never counts towards parking it.
 */
export class EventBusUnavailableError extends Error {
  override readonly name = 'EventBusUnavailableError';
}

/** Thrown by a handler for a message that can never succeed (e.g. it fails its schema). */
export class PoisonMessageError extends Error {
  override readonly name = 'PoisonMessageError';
}

export const DEFAULT_ACK_WAIT_MS = 30_000;
export const DEFAULT_MAX_DELIVER = 20;
export const DEFAULT_RETRY_DELAY_MS = 1_000;

/**
 * A handler that outlives ack-wait counts as failed and is redelivered, as JetStream does. Both
 * adapters apply it, so a hung handler cannot stall a consumer on either.
 */
export async function withAckWait(work: Promise<void>, ackWaitMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Handler did not finish within ${ackWaitMs} ms`)), ackWaitMs);
  });
  try {
    await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
