import { randomUUID } from 'node:crypto';
import { chatCreditsSpentV1, type EventEnvelope } from '@agentdock/contracts';
import { eventually, testLogger } from '@agentdock/service-kit/testing';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { createTestBus, type TestBus } from '../testing';
import { type DeliveryInfo, EventBusUnavailableError, PoisonMessageError } from './bus';
import { JetStreamBus } from './jetstream-bus';

// One contract, run against whichever adapter the environment selects: the in-process bus by
// default, JetStream when TEST_NATS_URL is set (CI runs both).
const subject = 'agentdock.test.thing.happened.v1';

function envelope(data: unknown, id: string = randomUUID()): EventEnvelope {
  return { id, type: 'test.thing.happened', version: 1, occurredAt: new Date().toISOString(), source: 'test', data };
}

function recorder() {
  const seen: Array<{ data: unknown; delivery: DeliveryInfo }> = [];
  return { seen, handler: async (event: EventEnvelope, delivery: DeliveryInfo) => void seen.push({ data: event.data, delivery }) };
}

describe(`event bus (${process.env.TEST_NATS_URL ? 'JetStream' : 'in-process'})`, () => {
  let testBus: TestBus;
  beforeEach(async () => {
    testBus = await createTestBus();
  });
  afterEach(async () => {
    await testBus.destroy();
  });

  it('delivers to a durable created after the events were published (deliver-all)', async () => {
    await testBus.bus.publish(subject, envelope(1));
    await testBus.bus.publish(subject, envelope(2));
    const { seen, handler } = recorder();
    const subscription = await testBus.bus.subscribe({ durable: 'late', subject, handler });
    await eventually(async () => seen.length === 2);
    expect(seen.map((entry) => entry.data)).toEqual([1, 2]);
    await subscription.stop();
  });

  it('resumes a stopped durable with what was published meanwhile, without repeating acked events', async () => {
    const first = recorder();
    const subscription = await testBus.bus.subscribe({ durable: 'resumer', subject, handler: first.handler });
    await testBus.bus.publish(subject, envelope('before'));
    await eventually(async () => first.seen.length === 1);
    await subscription.stop();

    await testBus.bus.publish(subject, envelope('while stopped'));
    const second = recorder();
    const resumed = await testBus.bus.subscribe({ durable: 'resumer', subject, handler: second.handler });
    await eventually(async () => second.seen.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(second.seen.map((entry) => entry.data)).toEqual(['while stopped']);
    await resumed.stop();
  });

  it('redelivers an event whose handler failed, counting deliveries', async () => {
    const deliveries: number[] = [];
    const subscription = await testBus.bus.subscribe({
      durable: 'flaky',
      subject,
      retryDelayMs: 50,
      handler: async (_event, delivery) => {
        deliveries.push(delivery.deliveryCount);
        if (delivery.deliveryCount < 3) throw new Error('temporary failure');
      },
    });
    await testBus.bus.publish(subject, envelope('x'));
    await eventually(async () => deliveries.length === 3);
    expect(deliveries).toEqual([1, 2, 3]);
    await subscription.stop();
  });

  it('redelivers an event whose handler hangs past ack-wait, without stalling the consumer', async () => {
    const deliveries: number[] = [];
    const subscription = await testBus.bus.subscribe({
      durable: 'hung',
      subject,
      ackWaitMs: 1_000,
      retryDelayMs: 50,
      handler: async (_event, delivery) => {
        deliveries.push(delivery.deliveryCount);
        if (delivery.deliveryCount === 1) await new Promise(() => undefined);
      },
    });
    await testBus.bus.publish(subject, envelope('slow'));
    await eventually(async () => deliveries.includes(2));
    await subscription.stop();
  });

  it('terminates a poison event without blocking the ones after it', async () => {
    const handled: unknown[] = [];
    const attempts = new Map<unknown, number>();
    const subscription = await testBus.bus.subscribe({
      durable: 'poison',
      subject,
      retryDelayMs: 50,
      handler: async (event) => {
        attempts.set(event.data, (attempts.get(event.data) ?? 0) + 1);
        if (event.data === 'bad') throw new PoisonMessageError('cannot ever succeed');
        handled.push(event.data);
      },
    });
    await testBus.bus.publish(subject, envelope('bad'));
    await testBus.bus.publish(subject, envelope('good'));
    await eventually(async () => handled.includes('good'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(attempts.get('bad')).toBe(1);
    await subscription.stop();
  });

  it('stores an event published twice with the same id once', async () => {
    const { seen, handler } = recorder();
    const id = randomUUID();
    await testBus.bus.publish(subject, envelope('once', id));
    await testBus.bus.publish(subject, envelope('once', id));
    await testBus.bus.publish(subject, envelope('marker'));
    const subscription = await testBus.bus.subscribe({ durable: 'dedupe', subject, handler });
    await eventually(async () => seen.some((entry) => entry.data === 'marker'));
    expect(seen.map((entry) => entry.data)).toEqual(['once', 'marker']);
    await subscription.stop();
  });

  it('only delivers the subscribed subject', async () => {
    const { seen, handler } = recorder();
    const subscription = await testBus.bus.subscribe({ durable: 'filter', subject, handler });
    await testBus.bus.publish('agentdock.test.other.v1', envelope('other'));
    await testBus.bus.publish(subject, envelope('mine'));
    await eventually(async () => seen.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen.map((entry) => entry.data)).toEqual(['mine']);
    await subscription.stop();
  });

  (process.env.TEST_NATS_URL ? it : it.skip)('JetStream: a durable resubscribed with its settings unchanged is only looked up; changed settings update it once', async () => {
    const suffix = randomUUID().replaceAll('-', '').slice(0, 12);
    const stream = `TEST_${suffix}`;
    const bus = await JetStreamBus.connect({ servers: process.env.TEST_NATS_URL!, logger: testLogger(), stream, namespace: `t${suffix}` });
    // A plain subscriber sees the JetStream API requests the bus sends about this stream's consumers.
    const observer = await connect({ servers: process.env.TEST_NATS_URL! });
    const requests: string[] = [];
    const watching = observer.subscribe('$JS.API.CONSUMER.>', {
      callback: (_error, message) => {
        if (message.subject.includes(`.${stream}.`)) requests.push(message.subject.split('.')[3]!);
      },
    });
    await observer.flush();
    const resubscribe = async (ackWaitMs: number) => {
      requests.length = 0;
      const subscription = await bus.subscribe({ durable: 'restarting', subject, handler: async () => undefined, ackWaitMs });
      await subscription.stop();
      await observer.flush();
      return requests.filter((verb) => verb !== 'MSG').sort();
    };
    try {
      expect(await resubscribe(5_000)).toEqual(['CREATE', 'INFO']);
      expect(await resubscribe(5_000)).toEqual(['INFO']);
      // The client's update reads the durable's settings before sending them changed.
      expect(await resubscribe(7_000)).toEqual(['CREATE', 'INFO', 'INFO']);
      expect(await resubscribe(7_000)).toEqual(['INFO']);
    } finally {
      watching.unsubscribe();
      await observer.close();
      await bus.destroyStream();
      await bus.close();
    }
  });

  (process.env.TEST_NATS_URL ? it : it.skip)(
    'JetStream: usage records go to a stream that keeps them for the retention, and those the main stream held from before are removed at start-up',
    async () => {
      const suffix = randomUUID().replaceAll('-', '').slice(0, 12);
      const [stream, namespace] = [`TEST_${suffix}`, `t${suffix}`];
      const raw = await connect({ servers: process.env.TEST_NATS_URL! });
      const manager = await jetstreamManager(raw);
      const client = jetstream(raw);
      const hours = (count: number) => count * 3_600_000;
      const held = async (name: string, subjectsFilter: string) => (await manager.streams.info(name, { subjects_filter: subjectsFilter })).state.subjects ?? {};
      try {
        // The main stream as it was before usage records had their own: everything under agentdock.>.
        await manager.streams.add({ name: stream, subjects: [`${namespace}.agentdock.>`] });
        for (const data of ['spent 1', 'spent 2']) await client.publish(`${namespace}.agentdock.chat.credits.spent.v1`, JSON.stringify(envelope(data)));
        await client.publish(`${namespace}.${subject}`, JSON.stringify(envelope('kept')));

        const bus = await JetStreamBus.connect({ servers: process.env.TEST_NATS_URL!, logger: testLogger(), stream, namespace, usageRetentionMs: hours(48) });
        try {
          expect(await held(stream, '>')).toEqual({ [`${namespace}.${subject}`]: 1 });
          const usage = await manager.streams.info(`${stream}_USAGE`);
          expect(usage.config.subjects).toEqual([`${namespace}.agentdock-usage.>`]);
          expect(usage.config.max_age).toBe(hours(48) * 1_000_000);

          await bus.publish(chatCreditsSpentV1.subject, envelope('spent 3'));
          expect(await held(`${stream}_USAGE`, '>')).toEqual({ [`${namespace}.${chatCreditsSpentV1.subject}`]: 1 });
          expect(await held(stream, '>')).toEqual({ [`${namespace}.${subject}`]: 1 });
          const spent = recorder();
          const subscription = await bus.subscribe({ durable: 'usage-reader', subject: chatCreditsSpentV1.subject, handler: spent.handler });
          await eventually(async () => spent.seen.length === 1);
          expect(spent.seen.map((entry) => entry.data)).toEqual(['spent 3']);
          await subscription.stop();
        } finally {
          await bus.close();
        }

        // The operator shortens the retention: the next start applies it to the stream.
        const restarted = await JetStreamBus.connect({ servers: process.env.TEST_NATS_URL!, logger: testLogger(), stream, namespace, usageRetentionMs: hours(2) });
        expect((await manager.streams.info(`${stream}_USAGE`)).config.max_age).toBe(hours(2) * 1_000_000);
        await restarted.destroyStream();
        await restarted.close();
      } finally {
        await raw.close();
      }
    },
  );

  (process.env.TEST_NATS_URL ? it : it.skip)(
    'JetStream: a publish no stream answers (as while its leader is elected) is refused as the bus being unavailable, not the event',
    async () => {
      const suffix = randomUUID().replaceAll('-', '').slice(0, 12);
      const bus = await JetStreamBus.connect({ servers: process.env.TEST_NATS_URL!, logger: testLogger(), stream: `TEST_${suffix}`, namespace: `t${suffix}` });
      try {
        await bus.destroyStream();
        await bus.ping();
        await expect(bus.publish(subject, envelope('no stream'))).rejects.toBeInstanceOf(EventBusUnavailableError);
      } finally {
        await bus.close();
      }
    },
  );
});
