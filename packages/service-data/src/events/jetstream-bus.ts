import { createHash } from 'node:crypto';
import { type EventEnvelope, USAGE_EVENT_SUBJECT_PREFIX } from '@agentdock/contracts';
import { AckPolicy, type ConsumerInfo, DeliverPolicy, jetstream, JetStreamApiError, jetstreamManager, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import { jserrors } from '@nats-io/jetstream/internal';
import { ClosedConnectionError, ConnectionError, connect, DrainingConnectionError, type NatsConnection, NoRespondersError, TimeoutError } from '@nats-io/transport-node';
import type { Logger } from '@agentdock/service-kit';
import {
  DEFAULT_ACK_WAIT_MS,
  DEFAULT_MAX_DELIVER,
  DEFAULT_RETRY_DELAY_MS,
  type EventBus,
  EventBusUnavailableError,
  PoisonMessageError,
  type SubscribeOptions,
  type Subscription,
  withAckWait,
} from './bus';
import { eventStreams, NANOS_PER_MS, USAGE_SUBJECT_BEFORE_ITS_STREAM } from './streams';

export interface JetStreamBusOptions {
  /** One NATS URL, or several comma-separated (seeds of a cluster: the client learns the rest from it). */
  servers: string;
  logger: Logger;
  /** Stream holding every platform event but usage records; the usage records' stream is named after it (`<stream>_USAGE`). */
  stream?: string;
  /** How long the usage stream keeps a record (`NATS_USAGE_RETENTION_HOURS`): a week unless told. */
  usageRetentionMs?: number;
  /**
   * Prefix put before every subject on the wire, so several platforms (or test runs) can share
   * one NATS server without their streams' subjects overlapping. Empty in a normal deployment.
   */
  namespace?: string;
  /** Connection name shown in NATS monitoring. */
  name?: string;
}

// How long a stream or consumer request may take at start-up (see `connect`).
const MANAGER_TIMEOUT_MS = 30_000;

interface DurableConfig {
  durable_name: string;
  ack_policy: AckPolicy;
  deliver_policy: DeliverPolicy;
  filter_subject: string;
  ack_wait: number;
  max_deliver: number;
}

/**
 * Whether a publish failed for want of a stream to take it, whatever the event: no server answered
 * for the stream's subjects ("no responders": its leader is being elected after a server left, or
 * the server this connection reached is cut off from the others), the acknowledgement did not come
 * in time, JetStream said it is temporarily unavailable (503), or the connection is closing.
 */
function streamUnavailable(error: unknown): boolean {
  return (
    error instanceof jserrors.JetStreamNotEnabled ||
    error instanceof NoRespondersError ||
    error instanceof TimeoutError ||
    error instanceof ClosedConnectionError ||
    error instanceof DrainingConnectionError ||
    error instanceof ConnectionError ||
    (error instanceof JetStreamApiError && error.status === 503)
  );
}

/**
 * Production bus: one JetStream stream kept whole for the events read models are built from, one
 * kept for a time for usage records, and one durable pull consumer per subscription.
 */
export class JetStreamBus implements EventBus {
  private constructor(
    private readonly connection: NatsConnection,
    private readonly client: JetStreamClient,
    private readonly manager: JetStreamManager,
    private readonly stream: string,
    private readonly usageStream: string,
    private readonly namespace: string,
    private readonly logger: Logger,
  ) {}

  static async connect(options: JetStreamBusOptions): Promise<JetStreamBus> {
    const servers = options.servers
      .split(',')
      .map((server) => server.trim())
      .filter((server) => server !== '');
    const connection = await connect({ servers, name: options.name, maxReconnectAttempts: -1 });
    // Only start-up asks the manager (the stream, then each durable consumer): on a stream kept on
    // three servers, with every service creating its consumers at once, one creation took longer
    // than the client's default of 5 s on a slow 2-core machine, and the service exited.
    const manager = await jetstreamManager(connection, { timeout: MANAGER_TIMEOUT_MS });
    const { main, usage } = eventStreams({ stream: options.stream, namespace: options.namespace, usageRetentionMs: options.usageRetentionMs });
    const namespace = options.namespace ? `${options.namespace}.` : '';
    const movedSubject = namespace + USAGE_SUBJECT_BEFORE_ITS_STREAM;
    let movedHeld = 0;
    try {
      movedHeld = (await manager.streams.info(main.name, { subjects_filter: movedSubject })).state.subjects?.[movedSubject] ?? 0;
    } catch (error) {
      if (!(error instanceof jserrors.StreamNotFoundError)) throw error;
      await manager.streams.add(main);
    }
    if (movedHeld > 0) {
      await manager.streams.purge(main.name, { filter: movedSubject });
      options.logger.info({ stream: main.name, subject: movedSubject, removed: movedHeld }, 'usage records left in the main stream from before the usage stream existed removed');
    }
    try {
      const existing = await manager.streams.info(usage.name);
      // The operator changed the retention: the stream follows (a shorter one drops older records at once).
      if (existing.config.max_age !== usage.max_age) await manager.streams.update(usage.name, { max_age: usage.max_age });
    } catch (error) {
      if (!(error instanceof jserrors.StreamNotFoundError)) throw error;
      await manager.streams.add(usage);
    }
    return new JetStreamBus(connection, jetstream(connection), manager, main.name, usage.name, namespace, options.logger);
  }

  async publish(subject: string, envelope: EventEnvelope): Promise<void> {
    try {
      await this.client.publish(this.namespace + subject, JSON.stringify(envelope), { msgID: envelope.id });
    } catch (error) {
      throw streamUnavailable(error) ? new EventBusUnavailableError(`the event stream cannot take events now: ${(error as Error).message}`, { cause: error }) : error;
    }
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    const wireSubject = this.namespace + options.subject;
    // Server 2.9 has no multi-subject filters, so a durable covers exactly one subject; the
    // subject is folded into the name to keep two subscriptions of one service apart.
    const durableName = `${options.durable}_${createHash('sha1').update(wireSubject).digest('hex').slice(0, 10)}`.replace(/[.*>\s]/g, '_');
    const ackWaitMs = options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS;
    const maxDeliver = options.maxDeliver ?? DEFAULT_MAX_DELIVER;
    const retryDelayMs = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
    const config: DurableConfig = {
      durable_name: durableName,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: wireSubject,
      ack_wait: ackWaitMs * NANOS_PER_MS,
      max_deliver: maxDeliver,
    };
    const consumer = this.client.consumers.getConsumerFromInfo(await this.durableConsumer(this.streamOf(options.subject), config));
    const messages = await consumer.consume({ max_messages: 64 });
    const loop = (async () => {
      for await (const message of messages) {
        const deliveryCount = message.info.deliveryCount;
        const log = this.logger.child({ durable: options.durable, subject: options.subject, deliveryCount });
        let envelope: EventEnvelope;
        try {
          envelope = message.json<EventEnvelope>();
        } catch (error) {
          log.error({ err: error }, 'event is not JSON; terminated');
          message.term('not JSON');
          continue;
        }
        try {
          await withAckWait(options.handler(envelope, { subject: options.subject, deliveryCount }), ackWaitMs);
          await message.ackAck();
        } catch (error) {
          if (error instanceof PoisonMessageError || deliveryCount >= maxDeliver) {
            log.error({ err: error, eventId: envelope.id }, 'event terminated: it will not be redelivered');
            message.term(error instanceof Error ? error.message : 'handler failed');
          } else {
            log.warn({ err: error, eventId: envelope.id }, 'event handler failed; redelivering later');
            message.nak(retryDelayMs);
          }
        }
      }
    })();
    return {
      stop: async () => {
        await messages.close();
        await loop;
      },
    };
  }

  /**
   * The durable's info, created when missing and updated only when its settings changed. A replica
   * restarting with the code it had asks once per durable: an update goes through the cluster's
   * metadata group on a replicated stream, and a service's twenty updates, with three other
   * services restarting at once, made a replica's return to service wait on each other.
   */
  private async durableConsumer(stream: string, config: DurableConfig): Promise<ConsumerInfo> {
    let info: ConsumerInfo;
    try {
      info = await this.manager.consumers.info(stream, config.durable_name);
    } catch (error) {
      if (!(error instanceof jserrors.ConsumerNotFoundError)) throw error;
      return this.manager.consumers.add(stream, config);
    }
    if (info.config.ack_wait === config.ack_wait && info.config.max_deliver === config.max_deliver) return info;
    return this.manager.consumers.update(stream, config.durable_name, { ack_wait: config.ack_wait, max_deliver: config.max_deliver });
  }

  /** The stream that holds `subject` (without the namespace). */
  private streamOf(subject: string): string {
    return subject.startsWith(`${USAGE_EVENT_SUBJECT_PREFIX}.`) ? this.usageStream : this.stream;
  }

  async ping(): Promise<void> {
    if (this.connection.isClosed()) throw new Error('NATS connection is closed');
    await this.connection.flush();
  }

  /** Removes the streams and everything in them: for tests that made their own. */
  async destroyStream(): Promise<void> {
    await Promise.all([this.manager.streams.delete(this.stream), this.manager.streams.delete(this.usageStream)]);
  }

  async close(): Promise<void> {
    await this.connection.drain();
  }
}
