import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { STATS_TOP_CUSTOMERS } from '@agentdock/contracts';
import { type Database, rollupDifferences } from '@agentdock/service-data';
import { sql } from '@agentdock/service-data/orm';
import { openTestDatabase } from '@agentdock/service-data/testing';
import { chatMessages, chatRollups, schema } from '../src/db/schema';
import { customerFiguresFor, windowTop } from '../src/domain/stats-customers';

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

  it('rank a window by its index alone, however many customers tie with the last one shown', async () => {
    const { db } = database;
    const now = Date.now();
    const range = { from: dayOf(now - 6 * DAY_MS), to: dayOf(now) };
    await customerFiguresFor(db, range, now);
    // Two thousand customers with one reply each at one price yesterday, heavier than those above:
    // the top ten are the first ten of them by id.
    const tied = Array.from({ length: 2000 }, () => randomUUID());
    await db
      .insert(chatMessages)
      .values(tied.map((userId) => ({ userId, agentId: 'tie-agent', role: 'assistant', content: 'x', platformCreditsUsed: 1000, createdAt: new Date(now - DAY_MS) })));
    // As autovacuum would after a day's replies: the planner sees the window's size.
    await db.execute(sql`analyze chat_customer_window_totals`);

    const figures = await customerFiguresFor(db, range, now);
    const firstTied = [...tied].sort((a, b) => a.localeCompare(b)).slice(0, STATS_TOP_CUSTOMERS);
    expect(figures.topCustomers).toEqual(firstTied.map((userId) => ({ userId, messages: 1, credits: 1000 })));

    interface PlanNode {
      'Node Type': string;
      'Index Name'?: string;
      'Actual Rows': number;
      Plans?: PlanNode[];
    }
    const [explained] = ((await db.execute(sql`explain (analyze, format json) ${windowTop(7)}`)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
    const output = explained!['QUERY PLAN'];
    const plan = (typeof output === 'string' ? JSON.parse(output) : output) as Array<{ Plan: PlanNode }>;
    const nodes: PlanNode[] = [];
    const walk = (node: PlanNode) => {
      nodes.push(node);
      node.Plans?.forEach(walk);
    };
    walk(plan[0]!.Plan);
    expect(nodes.map((node) => node['Node Type'])).toEqual(['Limit', expect.stringMatching(/^Index (Only )?Scan$/)]);
    expect(nodes[1]).toMatchObject({ 'Index Name': 'chat_customer_window_totals_rank_idx', 'Actual Rows': STATS_TOP_CUSTOMERS });
  }, 60_000);
});
