import { randomUUID } from 'node:crypto';
import { defineEvent, type EventEnvelope, userTierChangedV1 } from '@agentdock/contracts';
import { z } from 'zod';
import { eventually } from '@agentdock/service-kit/testing';
import type { ServiceDefinition } from '../service';
import { createTestBus, gatewayHeaders, startTestService, type TestBus, type TestService } from '../testing';
import { idempotentHandler } from './consumer';

// The versioning rule: a breaking change is a new version on its own subject, published alongside
// the old one until every consumer has moved; a message a consumer cannot accept is parked
// (terminated, logged, counted), never applied and never retried forever.
const tierChangedV2 = defineEvent(userTierChangedV1.type, 2, userTierChangedV1.data.extend({ changedBy: z.enum(['admin', 'billing']) }));

describe(`event versions (${process.env.TEST_NATS_URL ? 'NATS JetStream' : 'in-process bus'})`, () => {
  let testBus: TestBus;
  let producer: TestService<Record<string, never>>;
  let consumer: TestService<Record<string, never>>;
  const applied: Array<z.infer<typeof userTierChangedV1.data>> = [];

  beforeAll(async () => {
    testBus = await createTestBus();
    const producerDefinition: ServiceDefinition<Record<string, never>> = {
      name: 'svc-producer',
      defaultPort: 0,
      schema: {},
      migrationsFolder: '',
      mount(app, context) {
        // Mid-migration: every change goes out as v1 and as v2.
        app.post('/tier-changes', async (_req, res) => {
          const userId = randomUUID();
          await context.transaction(async (tx) => {
            await context.enqueue(tx, userTierChangedV1, { userId, tier: 'starter', previousTier: 'free' });
            await context.enqueue(tx, tierChangedV2, { userId, tier: 'starter', previousTier: 'free', changedBy: 'admin' });
          });
          res.status(201).json({ userId });
        });
      },
    };
    const consumerDefinition: ServiceDefinition<Record<string, never>> = {
      name: 'svc-consumer',
      defaultPort: 0,
      schema: {},
      migrationsFolder: '',
      mount() {},
      consumers: (context) => [
        {
          durable: 'svc-consumer-tier-v1',
          subject: userTierChangedV1.subject,
          handler: idempotentHandler({
            transaction: context.transaction,
            consumer: 'svc-consumer-tier-v1',
            event: userTierChangedV1,
            apply: async (_tx, data) => void applied.push(data),
          }),
          retryDelayMs: 50,
        },
      ],
    };
    producer = await startTestService(producerDefinition, { bus: testBus.bus });
    consumer = await startTestService(consumerDefinition, { bus: testBus.bus });
  });

  afterAll(async () => {
    await producer?.cleanup();
    await consumer?.cleanup();
    await testBus?.destroy();
  });

  it('keeps a v1 consumer working while the producer publishes v2 alongside v1', async () => {
    const response = await fetch(`${producer.url}/tier-changes`, { method: 'POST' });
    const { userId } = (await response.json()) as { userId: string };
    await eventually(async () => applied.some((data) => data.userId === userId));
    // Give a stray v2 delivery time to show up: the v1 consumer must have seen exactly the v1 payload.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(applied.filter((data) => data.userId === userId)).toEqual([{ userId, tier: 'starter', previousTier: 'free' }]);
  });

  it('parks a message it cannot accept, counts it, and goes on with the next one', async () => {
    const bumpedInPlace: EventEnvelope = {
      id: randomUUID(),
      type: userTierChangedV1.type,
      version: 2,
      occurredAt: new Date().toISOString(),
      source: 'svc-producer',
      data: { userId: randomUUID(), tier: 'starter', previousTier: 'free', changedBy: 'admin' },
    };
    await testBus.bus.publish(userTierChangedV1.subject, bumpedInPlace);
    const next: EventEnvelope = { ...bumpedInPlace, id: randomUUID(), version: 1, data: { userId: randomUUID(), tier: 'professional', previousTier: 'starter' } };
    await testBus.bus.publish(userTierChangedV1.subject, next);

    await eventually(async () => applied.some((data) => data.userId === (next.data as { userId: string }).userId));
    expect(applied.some((data) => data.userId === (bumpedInPlace.data as { userId: string }).userId)).toBe(false);
    const metrics = await (await fetch(`${consumer.url}/metrics`, { headers: gatewayHeaders() })).text();
    expect(metrics).toMatch(/agentdock_events_parked_total\{durable="svc-consumer-tier-v1",type="identity\.user\.tier-changed",version="2",service="svc-consumer"\} 1/);
  });
});
