import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@agentdock/contracts';
import { eventually, testLogger } from '@agentdock/service-kit/testing';
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
