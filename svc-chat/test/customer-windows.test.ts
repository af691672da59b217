import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { STATS_TOP_CUSTOMERS } from '@agentdock/contracts';
import { type Database, rollupDifferences } from '@agentdock/service-data';
import { openTestDatabase } from '@agentdock/service-data/testing';
import { chatMessages, chatRollups, schema } from '../src/db/schema';
import { customerFiguresFor } from '../src/domain/stats-customers';

const DAY_MS = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The preset windows are written by every reply and moved by the first stats read of a day. On
 * PostgreSQL the replies below really run at once with the moves, on separate connections: the
 * windows must still equal their recomputation, and each read the figures of its range.
 */
describe(`customer windows while replies are written (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: Database<typeof schema>;
  beforeAll(async () => {
    database = await openTestDatabase({ schema, migrationsFolder: fileURLToPath(new URL('../migrations', import.meta.url)) });
  });
  afterAll(() => database?.close());

  it('stay equal to the replies, with moves forward and back racing the writes', async () => {
    const { db } = database;
    const users = Array.from({ length: 12 }, () => randomUUID());
    const reply = (index: number) =>
      db.insert(chatMessages).values({
        userId: users[index % users.length]!,
        agentId: 'window-agent',
        role: 'assistant',
        content: 'x',
        platformCreditsUsed: 10 + (index % 7),
        // Spread over the last ten days, some today.
        createdAt: new Date(Date.now() - (index % 10) * DAY_MS - 60_000),
      });
    for (let index = 0; index < 40; index += 1) await reply(index);
    const now = Date.now();
    // Reads as of today, two days on, and today again: a build, a move forward, a rebuild.
    const reads = [0, 2, 0, 3, 0].map((shift) => now + shift * DAY_MS);
    await Promise.all([
      (async () => {
        for (let index = 40; index < 240; index += 1) await reply(index);
      })(),
      (async () => {
        for (let index = 240; index < 440; index += 1) await reply(index);
      })(),
      (async () => {
        for (const at of reads) await customerFiguresFor(db, { from: dayOf(at - 6 * DAY_MS), to: dayOf(at) }, at);
      })(),
    ]);
    expect(await rollupDifferences(db, chatRollups)).toEqual([]);

    const figures = await customerFiguresFor(db, { from: dayOf(now - 6 * DAY_MS), to: dayOf(now) }, now);
    const rows = (await db.select().from(chatMessages)).filter((row) => dayOf(row.createdAt.getTime()) >= dayOf(now - 6 * DAY_MS));
    const perUser = new Map<string, { messages: number; credits: number }>();
    for (const row of rows) {
      const entry = perUser.get(row.userId) ?? { messages: 0, credits: 0 };
      perUser.set(row.userId, { messages: entry.messages + 1, credits: entry.credits + row.platformCreditsUsed });
    }
    const expected = [...perUser.entries()]
      .map(([userId, entry]) => ({ userId, ...entry }))
      .sort((a, b) => b.credits - a.credits || b.messages - a.messages || a.userId.localeCompare(b.userId))
      .slice(0, STATS_TOP_CUSTOMERS);
    expect(figures).toEqual({ activeCustomers: perUser.size, topCustomers: expected });
  }, 60_000);
});
