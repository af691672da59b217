import { randomUUID } from 'node:crypto';
import { defineEvent, type EventEnvelope } from '@agentdock/contracts';
import { asc, isNotNull, sql } from 'drizzle-orm';
import { Registry } from 'prom-client';
import { z } from 'zod';
import { eventually, testLogger } from '@agentdock/service-kit/testing';
import { type Database, inTransaction, openDatabase } from '../db/database';
import { outbox } from '../db/kit-schema';
import { createTestBus, createTestDatabase, type TestBus, type TestDatabase } from '../testing';
import { type EventBus, EventBusUnavailableError } from './bus';
import { idempotentHandler } from './consumer';
import { enqueueEvent, OutboxRelay } from './outbox';

const counted = defineEvent('test.counter.incremented', 1, z.object({ by: z.number().int() }));

describe(`transactional outbox and idempotent consumer (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let testDatabase: TestDatabase;
  let database: Database<Record<string, never>>;
  let testBus: TestBus;
  const logger = testLogger();

  // One database for the file (opening PGlite costs seconds); each test starts from empty tables.
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    database = await openDatabase({ target: testDatabase.target, schema: {} });
  });
  afterAll(async () => {
    await database.close();
    await testDatabase.drop();
  });
  beforeEach(async () => {
    await database.db.execute(sql`truncate outbox, processed_events`);
    await database.db.execute(sql`drop table if exists counter`);
    testBus = await createTestBus();
  });
  afterEach(async () => {
    await testBus.destroy();
  });

  // The test bus is a class instance: spreading it would drop its methods.
  const busWith = (overrides: Partial<EventBus>): EventBus => ({
    publish: (subject, envelope) => testBus.bus.publish(subject, envelope),
    subscribe: (options) => testBus.bus.subscribe(options),
    ping: () => testBus.bus.ping(),
    close: () => testBus.bus.close(),
    ...overrides,
  });

  const published = () => database.db.select().from(outbox).where(isNotNull(outbox.publishedAt)).orderBy(asc(outbox.sequence));

  it('never publishes an event whose transaction rolled back', async () => {
    await expect(
      inTransaction(database.db, async (tx) => {
        await enqueueEvent(tx, 'test', counted, { by: 1 });
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    const relay = new OutboxRelay({ db: database.db, bus: testBus.bus, logger });
    expect(await relay.relayOnce()).toBe(0);
    expect(await database.db.select().from(outbox)).toHaveLength(0);
  });

  it('rejects a payload that breaks the event contract before it reaches the outbox', async () => {
    await expect(inTransaction(database.db, (tx) => enqueueEvent(tx, 'test', counted, { by: 'two' } as unknown as { by: number }))).rejects.toThrow();
    expect(await database.db.select().from(outbox)).toHaveLength(0);
  });

  it('survives a bus outage and a relay restart: events enqueued meanwhile go out once, in order', async () => {
    const down = () => Promise.reject(new Error('nats down'));
    const failingBus = busWith({ publish: down, ping: down });
    for (const by of [1, 2, 3]) await inTransaction(database.db, (tx) => enqueueEvent(tx, 'test', counted, { by }));
    const broken = new OutboxRelay({ db: database.db, bus: failingBus, logger, pollIntervalMs: 20, maxAttempts: 2 });
    broken.start();
    // The relay keeps retrying the oldest event and holds the rest back to keep their order; an
    // outage is not the event's fault, so it never counts towards parking the event.
    await eventually(async () => {
      const rows = await database.db.select().from(outbox).orderBy(asc(outbox.sequence));
      return rows[0]!.lastError === 'nats down' && rows.slice(1).every((row) => row.lastError === null);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await broken.stop();
    const afterOutage = await database.db.select().from(outbox);
    expect(afterOutage.map((row) => [row.attempts, row.parkedAt, row.publishedAt])).toEqual([
      [0, null, null],
      [0, null, null],
      [0, null, null],
    ]);

    const received: number[] = [];
    const subscription = await testBus.bus.subscribe({
      durable: 'restart',
      subject: counted.subject,
      handler: async (event) => void received.push((event.data as { by: number }).by),
    });
    const healthy = new OutboxRelay({ db: database.db, bus: testBus.bus, logger, pollIntervalMs: 20 });
    healthy.start();
    await eventually(async () => received.length === 3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toEqual([1, 2, 3]);
    expect(await published()).toHaveLength(3);
    await healthy.stop();
    await subscription.stop();
  });

  it('never parks an event while the bus answers pings but its stream cannot take events (a leader being elected), however many passes try it', async () => {
    await inTransaction(database.db, (tx) => enqueueEvent(tx, 'test', counted, { by: 7 }));
    const noLeader = () => Promise.reject(new EventBusUnavailableError('the event stream cannot take events now: no responders'));
    const electing = new OutboxRelay({ db: database.db, bus: busWith({ publish: noLeader }), logger, maxAttempts: 2 });
    for (let pass = 0; pass < 10; pass += 1) expect(await electing.relayOnce()).toBe(0);
    const [waiting] = await database.db.select().from(outbox);
    expect([waiting!.attempts, waiting!.parkedAt, waiting!.publishedAt]).toEqual([0, null, null]);

    const received: number[] = [];
    const subscription = await testBus.bus.subscribe({
      durable: 'elected',
      subject: counted.subject,
      handler: async (event) => void received.push((event.data as { by: number }).by),
    });
    expect(await new OutboxRelay({ db: database.db, bus: testBus.bus, logger }).relayOnce()).toBe(1);
    await eventually(async () => received.length === 1);
    expect(received).toEqual([7]);
    await subscription.stop();
  });

  it('parks an event the bus keeps refusing, with a log and a metric, and publishes the ones behind it', async () => {
    const poison = defineEvent('test.poison.sent', 1, z.object({ by: z.number().int() }));
    const refusingBus = busWith({
      publish: (subject, envelope) => (subject === poison.subject ? Promise.reject(new Error('maximum payload exceeded')) : testBus.bus.publish(subject, envelope)),
    });
    await inTransaction(database.db, async (tx) => {
      await enqueueEvent(tx, 'test', counted, { by: 1 });
      await enqueueEvent(tx, 'test', poison, { by: 2 });
      await enqueueEvent(tx, 'test', counted, { by: 3 });
    });
    const received: number[] = [];
    const subscription = await testBus.bus.subscribe({
      durable: 'poison',
      subject: counted.subject,
      handler: async (event) => void received.push((event.data as { by: number }).by),
    });
    const errors: unknown[] = [];
    const spyLogger = { ...logger, warn: () => undefined, error: (...args: unknown[]) => void errors.push(args) } as unknown as typeof logger;
    const metricsRegistry = new Registry();
    const relay = new OutboxRelay({ db: database.db, bus: refusingBus, logger: spyLogger, maxAttempts: 3, metricsRegistry });

    // Two failed attempts hold the later event back to keep the order; the third parks the row.
    expect(await relay.relayOnce()).toBe(1);
    expect(await relay.relayOnce()).toBe(0);
    expect(errors).toHaveLength(0);
    expect(await relay.relayOnce()).toBe(2);
    expect(await relay.relayOnce()).toBe(0);

    await eventually(async () => received.length === 2);
    expect(received).toEqual([1, 3]);
    const rows = await database.db.select().from(outbox).orderBy(asc(outbox.sequence));
    expect(rows.map((row) => [row.subject, row.attempts, row.parkedAt !== null, row.publishedAt !== null])).toEqual([
      [counted.subject, 0, false, true],
      [poison.subject, 3, true, false],
      [counted.subject, 0, false, true],
    ]);
    expect(rows[1]!.lastError).toBe('maximum payload exceeded');
    expect(errors).toHaveLength(1);
    expect(JSON.stringify(errors[0])).toContain(rows[1]!.id);
    expect(await metricsRegistry.metrics()).toContain(`outbox_events_parked_total{subject="${poison.subject}"} 1`);
    await subscription.stop();
  });

  it('keeps relaying while batches come back full, without waiting for the next poll', async () => {
    for (const by of [1, 2, 3, 4, 5]) await inTransaction(database.db, (tx) => enqueueEvent(tx, 'test', counted, { by }));
    const relay = new OutboxRelay({ db: database.db, bus: testBus.bus, logger, batchSize: 2, pollIntervalMs: 600_000 });
    relay.start();
    await eventually(async () => (await published()).length === 5);
    await relay.stop();
  });

  it('marks what a pass published with the next pass’s read, never publishing it twice, and the rest when it stops', async () => {
    const sent: string[] = [];
    const recordingBus = busWith({
      publish: async (subject, envelope) => {
        sent.push(envelope.id);
        await testBus.bus.publish(subject, envelope);
      },
    });
    const enqueue = async (count: number) => {
      for (let by = 1; by <= count; by += 1) await inTransaction(database.db, (tx) => enqueueEvent(tx, 'test', counted, { by }));
    };
    const relay = new OutboxRelay({ db: database.db, bus: recordingBus, logger });
    await enqueue(3);
    expect(await relay.relayOnce({ deferMarks: true })).toBe(3);
    expect(await published()).toHaveLength(0);
    await enqueue(2);
    expect(await relay.relayOnce({ deferMarks: true })).toBe(2);
    expect(await published()).toHaveLength(3);
    expect(await relay.relayOnce({ deferMarks: true })).toBe(0);
    await enqueue(1);
    expect(await relay.relayOnce({ deferMarks: true })).toBe(1);
    await relay.stop();
    expect((await published()).map((row) => row.id)).toEqual(sent);
    expect(new Set(sent).size).toBe(6);
  });

  describe('deleting published events past their retention', () => {
    const DAY_MS = 24 * 60 * 60 * 1000;
    /** Seven events: five published (`agedDays` of them published that many days ago), one waiting, one parked; the waiting and parked ones written days ago. */
    const history = async (agedDays: number[]) => {
      for (let by = 1; by <= 7; by += 1) await inTransaction(database.db, (tx) => enqueueEvent(tx, 'test', counted, { by }));
      const rows = await database.db.select().from(outbox).orderBy(asc(outbox.sequence));
      const ids = rows.map((row) => row.id);
      await database.db.execute(sql`update outbox set published_at = now() where id = any(${idsArray(ids.slice(0, 5))})`);
      for (const [index, days] of agedDays.entries()) {
        await database.db.execute(sql`update outbox set published_at = now() - make_interval(days => ${days}) where id = ${ids[index]!}::uuid`);
      }
      await database.db.execute(sql`update outbox set created_at = now() - interval '30 days' where id = any(${idsArray(ids.slice(5))})`);
      await database.db.execute(sql`update outbox set parked_at = now() - interval '29 days', attempts = 10 where id = ${ids[6]!}::uuid`);
      return ids;
    };
    const idsArray = (ids: string[]) => `{${ids.join(',')}}`;
    const remaining = async () => (await database.db.select({ id: outbox.id }).from(outbox).orderBy(asc(outbox.sequence))).map((row) => row.id);

    it('deletes only published rows older than the retention, in batches, and keeps what is waiting or parked however old', async () => {
      const ids = await history([3, 2, 5]);
      const relay = new OutboxRelay({ db: database.db, bus: testBus.bus, logger, publishedRetentionMs: DAY_MS });
      expect(await relay.sweepPublished({ batch: 2 })).toEqual({ deleted: 3, more: false });
      expect(await remaining()).toEqual(ids.slice(3));
      expect(await relay.sweepPublished({ batch: 2 })).toEqual({ deleted: 0, more: false });
    });

    it('stops a sweep at its time budget with the rest still due, oldest first', async () => {
      const ids = await history([3, 2, 5]);
      const relay = new OutboxRelay({ db: database.db, bus: testBus.bus, logger, publishedRetentionMs: DAY_MS });
      relay.start();
      await relay.stop();
      // Stopped, a sweep deletes one batch and leaves the rest for the next one.
      expect(await relay.sweepPublished({ batch: 1 })).toEqual({ deleted: 1, more: true });
      expect(await remaining()).toEqual([ids[0], ids[1], ...ids.slice(3)]);
      expect(await relay.sweepPublished({ batch: 1, budgetMs: 0 })).toEqual({ deleted: 1, more: true });
      expect(await remaining()).toEqual([ids[1], ...ids.slice(3)]);
    });

    it('sweeps on its own while the relay runs, counted in a metric', async () => {
      const ids = await history([3, 2]);
      const metricsRegistry = new Registry();
      const relay = new OutboxRelay({ db: database.db, bus: testBus.bus, logger, publishedRetentionMs: DAY_MS, sweepIntervalMs: 20, metricsRegistry });
      relay.start();
      try {
        await eventually(async () => (await remaining()).length === 5);
        expect(await remaining()).toEqual(ids.slice(2));
        expect(await metricsRegistry.metrics()).toContain('outbox_events_swept_total 2');
      } finally {
        await relay.stop();
      }
    });
  });

  it('publishes with no transaction open, so the database stays usable while the bus is slow', async () => {
    await inTransaction(database.db, (tx) => enqueueEvent(tx, 'test', counted, { by: 1 }));
    let lockedDuringPublish: 'free' | 'locked' | undefined;
    const probingBus = busWith({
      publish: async (subject, envelope) => {
        // Inside a relay transaction this row would be locked (PostgreSQL) or the query would queue
        // behind the transaction (PGlite); either way it would not answer within the deadline.
        const probe = database.db.execute(sql`select id from outbox where id = ${envelope.id} for update nowait`).then(
          () => 'free' as const,
          () => 'locked' as const,
        );
        lockedDuringPublish = await Promise.race([probe, new Promise<'locked'>((resolve) => setTimeout(() => resolve('locked'), 2_000))]);
        await testBus.bus.publish(subject, envelope);
      },
    });
    const relay = new OutboxRelay({ db: database.db, bus: probingBus, logger });
    expect(await relay.relayOnce()).toBe(1);
    expect(lockedDuringPublish).toBe('free');
  });

  it('publishes the events of one transaction in their write sequence', async () => {
    const bys = Array.from({ length: 20 }, (_, index) => index + 1);
    await inTransaction(database.db, async (tx) => {
      for (const by of bys) await enqueueEvent(tx, 'test', counted, { by });
    });
    // All twenty share created_at (the transaction's start), so only the write sequence orders
    // them. Reversing the sequence against the rows' place in the table proves the relay follows
    // the sequence and not whatever order the table happens to return ties in.
    await database.db.execute(sql`update outbox set sequence = 1000 - sequence`);
    const received: number[] = [];
    const subscription = await testBus.bus.subscribe({
      durable: 'one-transaction',
      subject: counted.subject,
      handler: async (event) => void received.push((event.data as { by: number }).by),
    });
    const relay = new OutboxRelay({ db: database.db, bus: testBus.bus, logger });
    expect(await relay.relayOnce()).toBe(bys.length);
    await eventually(async () => received.length === bys.length);
    expect(received).toEqual([...bys].reverse());
    await subscription.stop();
  });

  it('applies an event once even when it is delivered again', async () => {
    await database.db.execute(sql`create table counter (id int primary key, total int not null)`);
    await database.db.execute(sql`insert into counter values (1, 0)`);
    const handler = idempotentHandler({
      transaction: (work) => inTransaction(database.db, work),
      consumer: 'counter',
      event: counted,
      apply: async (tx, data) => {
        await tx.execute(sql`update counter set total = total + ${data.by} where id = 1`);
      },
    });
    const event: EventEnvelope = { id: randomUUID(), type: counted.type, version: 1, occurredAt: new Date().toISOString(), source: 'test', data: { by: 5 } };
    await handler(event, { subject: counted.subject, deliveryCount: 1 });
    await handler(event, { subject: counted.subject, deliveryCount: 2 });
    const other = { ...event, id: randomUUID() };
    await handler(other, { subject: counted.subject, deliveryCount: 1 });
    const result = (await database.db.execute(sql`select total from counter where id = 1`)) as unknown as { rows: Array<{ total: number }> };
    expect(result.rows[0]?.total).toBe(10);
  });

  it('rolls the ledger back with a failed effect, so the redelivery applies it', async () => {
    await database.db.execute(sql`create table counter (id int primary key, total int not null)`);
    await database.db.execute(sql`insert into counter values (1, 0)`);
    let failNext = true;
    const handler = idempotentHandler({
      transaction: (work) => inTransaction(database.db, work),
      consumer: 'counter',
      event: counted,
      apply: async (tx, data) => {
        await tx.execute(sql`update counter set total = total + ${data.by} where id = 1`);
        if (failNext) {
          failNext = false;
          throw new Error('downstream hiccup');
        }
      },
    });
    const event: EventEnvelope = { id: randomUUID(), type: counted.type, version: 1, occurredAt: new Date().toISOString(), source: 'test', data: { by: 7 } };
    await expect(handler(event, { subject: counted.subject, deliveryCount: 1 })).rejects.toThrow('downstream hiccup');
    await handler(event, { subject: counted.subject, deliveryCount: 2 });
    const result = (await database.db.execute(sql`select total from counter where id = 1`)) as unknown as { rows: Array<{ total: number }> };
    expect(result.rows[0]?.total).toBe(7);
  });

  it('treats an event that fails its contract as poison', async () => {
    const handler = idempotentHandler({ transaction: (work) => inTransaction(database.db, work), consumer: 'counter', event: counted, apply: async () => undefined });
    const bad: EventEnvelope = { id: randomUUID(), type: counted.type, version: 1, occurredAt: new Date().toISOString(), source: 'test', data: { by: 'x' } };
    // The message is what an operator finds in the log for a terminated event: which one, and why.
    const rejection = handler(bad, { subject: counted.subject, deliveryCount: 1 });
    await expect(rejection).rejects.toMatchObject({ name: 'PoisonMessageError' });
    await expect(rejection).rejects.toThrow(`Event ${bad.id} does not match ${counted.type} v1: `);
  });

  describe('what the relay logs when a publish fails', () => {
    const recordingLogger = () => {
      const lines: Array<{ level: 'info' | 'warn' | 'error'; fields: Record<string, unknown>; message: string }> = [];
      const record = (level: 'info' | 'warn' | 'error') => (fields: Record<string, unknown>, message: string) => void lines.push({ level, fields, message });
      return { lines, logger: { ...logger, info: record('info'), warn: record('warn'), error: record('error') } as unknown as typeof logger };
    };
    const enqueueOne = async () => {
      await inTransaction(database.db, (tx) => enqueueEvent(tx, 'test', counted, { by: 1 }));
      const [row] = await database.db.select().from(outbox);
      return row!;
    };
    const refused = new Error('maximum payload exceeded');
    /** A relay whose bus is up but refuses every publish, logging to a recording logger. */
    const refusingRelay = (maxAttempts: number) => {
      const { lines, logger } = recordingLogger();
      return { lines, relay: new OutboxRelay({ db: database.db, bus: busWith({ publish: () => Promise.reject(refused) }), logger, maxAttempts }) };
    };

    it('says the bus is down, naming the event, and keeps the attempt count', async () => {
      const row = await enqueueOne();
      const down = () => Promise.reject(new Error('nats down'));
      const { lines, logger: spy } = recordingLogger();
      const relay = new OutboxRelay({ db: database.db, bus: busWith({ publish: down, ping: down }), logger: spy });
      expect(await relay.relayOnce()).toBe(0);
      expect(lines).toEqual([
        {
          level: 'warn',
          fields: { err: new Error('nats down'), eventId: row.id, subject: counted.subject },
          message: 'outbox relay could not publish: the event bus is unavailable; will retry',
        },
      ]);
    });

    it('says once that the bus is down, again every 30 s while it stays down, and once when it is back', async () => {
      const row = await enqueueOne();
      let busDown = true;
      const unavailable = new EventBusUnavailableError('no stream leader');
      const { lines, logger: spy } = recordingLogger();
      const bus = busWith({ publish: (subject, envelope) => (busDown ? Promise.reject(unavailable) : testBus.bus.publish(subject, envelope)) });
      const relay = new OutboxRelay({ db: database.db, bus, logger: spy });
      const clock = jest.spyOn(Date, 'now');
      try {
        const start = Date.now();
        for (const at of [0, 1_000, 29_000]) {
          clock.mockReturnValue(start + at);
          expect(await relay.relayOnce()).toBe(0);
        }
        expect(lines.map((line) => line.message)).toEqual(['outbox relay could not publish: the event bus is unavailable; will retry']);
        clock.mockReturnValue(start + 31_000);
        expect(await relay.relayOnce()).toBe(0);
        clock.mockReturnValue(start + 40_000);
        busDown = false;
        expect(await relay.relayOnce()).toBe(1);
        expect(lines.slice(1)).toEqual([
          {
            level: 'warn',
            fields: { err: unavailable, eventId: row.id, subject: counted.subject, failedPasses: 4, unavailableForMs: 31_000 },
            message: 'outbox relay still cannot publish: the event bus is unavailable; will retry',
          },
          { level: 'info', fields: { failedPasses: 4, unavailableForMs: 40_000 }, message: 'outbox relay publishes again: the event bus is back' },
        ]);
      } finally {
        clock.mockRestore();
      }
    });

    it('tries at the poll’s pace while the bus is unavailable, however often traffic nudges it, and publishes once it is back', async () => {
      await enqueueOne();
      let busDown = true;
      let attempts = 0;
      const bus = busWith({
        publish: (subject, envelope) => {
          attempts += 1;
          return busDown ? Promise.reject(new EventBusUnavailableError('no stream leader')) : testBus.bus.publish(subject, envelope);
        },
      });
      const { lines, logger: spy } = recordingLogger();
      const relay = new OutboxRelay({ db: database.db, bus, logger: spy, pollIntervalMs: 100 });
      relay.start();
      try {
        // 30 nudges 10 ms apart, as settlements under load: without holding them, a pass each.
        for (let nudge = 0; nudge < 30; nudge += 1) {
          relay.nudge();
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        expect(attempts).toBeGreaterThanOrEqual(2);
        expect(attempts).toBeLessThanOrEqual(6);
        busDown = false;
        await eventually(async () => lines.some((line) => line.message === 'outbox relay publishes again: the event bus is back'));
      } finally {
        await relay.stop();
      }
      expect(await published()).toHaveLength(1);
      expect(lines.filter((line) => line.level === 'warn')).toHaveLength(1);
    });

    it('counts a refusal with the bus up, naming the event and the attempt', async () => {
      const row = await enqueueOne();
      const { lines, relay } = refusingRelay(3);
      expect(await relay.relayOnce()).toBe(0);
      expect(lines).toEqual([
        { level: 'warn', fields: { err: refused, eventId: row.id, subject: counted.subject, attempts: 1 }, message: 'outbox relay could not publish; will retry' },
      ]);
    });

    it('parks with an error that says how to retry, also when no metrics registry is given', async () => {
      const row = await enqueueOne();
      const { lines, relay } = refusingRelay(1);
      expect(await relay.relayOnce()).toBe(1);
      expect(lines).toEqual([
        {
          level: 'error',
          fields: { err: refused, eventId: row.id, subject: counted.subject, attempts: 1 },
          message: 'outbox relay parked an event it could not publish; later events go on without it (set parked_at to null to retry it)',
        },
      ]);
      const [parked] = await database.db.select().from(outbox);
      expect(parked!.parkedAt).not.toBeNull();
    });
  });
});
