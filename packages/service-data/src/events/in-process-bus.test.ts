import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@agentdock/contracts';
import { createLogger } from '@agentdock/service-kit';
import { InProcessBus } from './in-process-bus';

const envelope = (data: unknown): EventEnvelope => ({ id: randomUUID(), type: 'test.thing.happened', version: 1, occurredAt: new Date().toISOString(), source: 'test', data });

describe('in-process bus', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("wakes only the consumers of a published event's subject, and the others still get theirs after it", async () => {
    const bus = new InProcessBus({ logger: createLogger({ service: 'test', level: 'silent' }) });
    const seen: Record<string, unknown[]> = { spent: [], issued: [] };
    for (const name of ['spent', 'issued'] as const) {
      await bus.subscribe({ durable: name, subject: `agentdock.test.${name}.v1`, handler: async (event) => void seen[name]!.push(event.data) });
    }
    await jest.runAllTimersAsync();
    expect(jest.getTimerCount()).toBe(0);

    await bus.publish('agentdock.test.spent.v1', envelope(1));
    // One timer: the other consumer has nothing to deliver and is left asleep.
    expect(jest.getTimerCount()).toBe(1);
    await bus.publish('agentdock.test.spent.v1', envelope(2));
    await bus.publish('agentdock.test.issued.v1', envelope('key'));
    await jest.runAllTimersAsync();

    expect(seen).toEqual({ spent: [1, 2], issued: ['key'] });
    await bus.close();
  });
});
