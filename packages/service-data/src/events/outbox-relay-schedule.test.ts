import type { Db } from '../db/database';
import type { Logger } from '@agentdock/service-kit';
import { withAckWait, type EventBus } from './bus';
import { OutboxRelay } from './outbox';

// When the relay runs its passes (start, nudges, polling, full batches, stop), with the database
// work replaced: each pass answers how many rows it settled from a script.
class ScriptedRelay extends OutboxRelay {
  calls = 0;
  active = 0;
  maxActive = 0;
  hold: Promise<void> | undefined;
  constructor(
    private readonly settled: Array<number | Error>,
    options: { pollIntervalMs?: number; batchSize?: number; logger?: Logger; minPassIntervalMs?: number } = {},
  ) {
    super({
      db: {} as Db,
      bus: {} as EventBus,
      logger: options.logger ?? silentLogger(),
      pollIntervalMs: options.pollIntervalMs ?? 60_000,
      batchSize: options.batchSize,
      minPassIntervalMs: options.minPassIntervalMs,
    });
  }
  override async relayOnce(): Promise<number> {
    this.calls += 1;
    this.active += 1;
    this.maxActive = Math.max(this.maxActive, this.active);
    try {
      await this.hold;
      const next = this.settled.shift() ?? 0;
      if (next instanceof Error) throw next;
      return next;
    } finally {
      this.active -= 1;
    }
  }
}

function silentLogger(): Logger {
  return { error: jest.fn(), warn: jest.fn(), info: jest.fn(), debug: jest.fn() } as unknown as Logger;
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('outbox relay schedule', () => {
  const relays: OutboxRelay[] = [];
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((relay) => relay.stop()));
  });
  const relay = (...args: ConstructorParameters<typeof ScriptedRelay>) => {
    const created = new ScriptedRelay(...args);
    relays.push(created);
    return created;
  };

  it('does nothing before it is started, and one pass when started (twice or not)', async () => {
    const scripted = relay([]);
    scripted.nudge();
    await settle();
    expect(scripted.calls).toBe(0);
    scripted.start();
    scripted.start();
    await settle();
    expect(scripted.calls).toBe(1);
  });

  it('runs another pass for a nudge after the last one finished', async () => {
    const scripted = relay([]);
    scripted.start();
    await settle();
    scripted.nudge();
    await settle();
    expect(scripted.calls).toBe(2);
  });

  it('folds nudges during a pass into one more pass, never two passes at once', async () => {
    let release!: () => void;
    const scripted = relay([]);
    scripted.hold = new Promise((resolve) => (release = resolve));
    scripted.start();
    scripted.nudge();
    scripted.nudge();
    await settle();
    expect(scripted.calls).toBe(1);
    release();
    await settle();
    expect(scripted.calls).toBe(2);
    expect(scripted.maxActive).toBe(1);
  });

  it('goes straight on while batches come back full, and stops at the first short one', async () => {
    const scripted = relay([2, 2, 1, 2], { batchSize: 2 });
    scripted.start();
    await settle();
    expect(scripted.calls).toBe(3);
  });

  it('under a stream of nudges, runs one pass per minimum interval for all of them; an idle relay at once', async () => {
    const scripted = relay([], { minPassIntervalMs: 150 });
    scripted.start();
    await settle();
    expect(scripted.calls).toBe(1);
    // Within the interval of the first pass: nudges wait for it to end, then are served by one pass.
    for (let nudge = 0; nudge < 5; nudge += 1) scripted.nudge();
    await settle();
    expect(scripted.calls).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(scripted.calls).toBe(2);
    // A full batch goes straight on, without the wait.
    const full = relay([2, 2, 1], { batchSize: 2, minPassIntervalMs: 10_000 });
    full.start();
    await settle();
    expect(full.calls).toBe(3);
  });

  it('polls at its interval when nobody nudges it', async () => {
    const scripted = relay([], { pollIntervalMs: 10 });
    scripted.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(scripted.calls).toBeGreaterThanOrEqual(3);
  });

  it('logs a failed pass and keeps polling', async () => {
    const logger = silentLogger();
    const scripted = relay([new Error('connection reset')], { pollIntervalMs: 10, logger });
    scripted.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(logger.error).toHaveBeenCalledWith({ err: expect.objectContaining({ message: 'connection reset' }) }, 'outbox relay pass failed');
    expect(scripted.calls).toBeGreaterThanOrEqual(2);
  });

  it('runs no pass once stopped: no polling, no nudges', async () => {
    const scripted = relay([], { pollIntervalMs: 10 });
    scripted.start();
    await settle();
    await scripted.stop();
    const calls = scripted.calls;
    scripted.nudge();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(scripted.calls).toBe(calls);
  });

  it('waits for the pass in progress when stopped', async () => {
    let release!: () => void;
    const scripted = relay([]);
    scripted.hold = new Promise((resolve) => (release = resolve));
    scripted.start();
    let stopped = false;
    const stopping = scripted.stop().then(() => (stopped = true));
    await settle();
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(scripted.active).toBe(0);
  });
});

describe('ack-wait', () => {
  afterEach(() => jest.useRealTimers());

  it('fails a handler that outlives it, saying how long it waited', async () => {
    await expect(withAckWait(new Promise(() => undefined), 20)).rejects.toThrow('Handler did not finish within 20 ms');
  });

  it('leaves no timer behind once the handler finished', async () => {
    jest.useFakeTimers();
    await withAckWait(Promise.resolve(), 30_000);
    expect(jest.getTimerCount()).toBe(0);
  });
});
