import { randomUUID } from 'node:crypto';
import { type ChatStats, STATS_TOP_CUSTOMERS, userRegisteredV1 } from '@agentdock/contracts';
import { rollupDifferences } from '@agentdock/service-data';
import { eq, sql } from '@agentdock/service-data/orm';
import { eventually } from '@agentdock/service-kit/testing';
import fc from 'fast-check';
import request from 'supertest';
import { chatApiRequests, chatMessages, chatRollups } from '../src/db/schema';
import { refundMessage } from '../src/domain/admin';
import { chatStatsFor } from '../src/domain/admin-stats';
import { customerFiguresFor } from '../src/domain/stats-customers';
import { completeSend, prepareSend, type SendDeps } from '../src/domain/chat';
import { type ChatProvider, ProviderError } from '../src/providers/provider';
import { FakeOpenAi } from './fake-openai';
import { ChatHarness, DRIVER } from './harness';

/**
 * Random histories written through the real write paths (web sends that complete or fail, /v1
 * requests that are answered or fail at the provider, admin refunds) mixed with rows written,
 * moved and deleted straight in the tables (imports and fixtures, on past days): after each, every
 * rollup equals its recomputation from the raw rows, and the stats of a random range equal the
 * figures counted here from the raw rows.
 */
type Step =
  | { kind: 'send'; user: number; agent: number; fails: boolean }
  | { kind: 'api'; user: number; fails: boolean }
  | { kind: 'refund'; pick: number }
  | { kind: 'import'; user: number; agent: number; role: 'user' | 'assistant'; credits: number; daysAgo: number; refunded: boolean; api: number | null }
  | { kind: 'move'; pick: number; daysAgo: number }
  | { kind: 'delete'; pick: number }
  /** A row's figures moved to another shard, as another database connection would have counted them. */
  | { kind: 'reshard'; pick: number; shard: number };

const USERS = 3;
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('send' as const), user: fc.nat(USERS - 1), agent: fc.nat(1), fails: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('api' as const), user: fc.nat(USERS - 1), fails: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('refund' as const), pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('import' as const),
      user: fc.nat(USERS - 1),
      agent: fc.nat(1),
      role: fc.constantFrom('user' as const, 'assistant' as const),
      credits: fc.nat(1_000),
      daysAgo: fc.nat(10),
      refunded: fc.boolean(),
      api: fc.option(fc.constantFrom(200, 499, 502), { nil: null }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), daysAgo: fc.nat(10) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reshard' as const), pick: fc.nat(), shard: fc.nat(7) }) },
);

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000 - 3_600_000);

describe(`chat stats rollups equal the raw rows on ${DRIVER}`, () => {
  let chat: ChatHarness;
  let fake: FakeOpenAi;
  let agents: string[];
  let admin: { auth: { authorization: string } };

  beforeAll(async () => {
    ({ chat, fake } = await ChatHarness.behindFakeOpenAi());
    agents = [(await chat.agent({ name: 'One' })).id, (await chat.agent({ name: 'Two' })).id];
    admin = await chat.user({ admin: true });
  });
  afterAll(() => chat.close());

  const provider = (fails: boolean): ChatProvider => ({
    name: 'scripted',
    demo: false,
    async reply(input) {
      input.onToken('a short reply ');
      if (fails) throw new ProviderError('the stream broke');
      return { text: 'a short reply ', usage: { promptTokens: 3, completionTokens: 4 }, imageUrl: null };
    },
  });

  async function customers() {
    const users = [];
    for (let index = 0; index < USERS; index += 1) {
      const user = await chat.user({ tier: 'professional' });
      await chat.publish(userRegisteredV1, { userId: user.id, email: `${user.id.slice(0, 8)}@example.com`, fullName: null, tier: 'professional' });
      await eventually(async () => (await chat.wallet(user.id)) !== undefined);
      users.push({ ...user, key: await chat.apiKey(user) });
    }
    return users;
  }

  /** The figures of a range counted straight from the raw rows, the way the stats were computed before the rollups. */
  async function counted(from: string, to: string): Promise<Omit<ChatStats, 'byAgent' | 'days'> & { byAgent: Array<{ agentId: string; messages: number; credits: number }> }> {
    const inRange = (date: Date) => dayOf(date) >= from && dayOf(date) <= to;
    const replies = (await chat.db.select().from(chatMessages)).filter((row) => row.role === 'assistant' && inRange(row.createdAt));
    const requests = (await chat.db.select().from(chatApiRequests)).filter((row) => [200, 499].includes(row.status) && inRange(row.createdAt));
    const credits = (row: (typeof replies)[number]) => (row.refundedAt ? 0 : row.platformCreditsUsed);
    const group = (key: (row: (typeof replies)[number]) => string) => {
      const groups = new Map<string, { messages: number; credits: number }>();
      for (const row of replies) {
        const entry = groups.get(key(row)) ?? { messages: 0, credits: 0 };
        groups.set(key(row), { messages: entry.messages + 1, credits: entry.credits + credits(row) });
      }
      return [...groups.entries()].sort(([a, x], [b, y]) => y.credits - x.credits || y.messages - x.messages || a.localeCompare(b));
    };
    const perUser = group((row) => row.userId);
    return {
      messages: replies.length,
      credits: replies.reduce((sum, row) => sum + credits(row), 0),
      apiRequests: requests.length,
      apiCredits: requests.reduce((sum, row) => sum + row.credits, 0),
      activeCustomers: perUser.length,
      byAgent: group((row) => row.agentId).map(([agentId, figures]) => ({ agentId, ...figures })),
      topCustomers: perUser.slice(0, STATS_TOP_CUSTOMERS).map(([userId, figures]) => ({ userId, ...figures })),
    };
  }

  it('keeps every rollup equal to its recomputation over random histories', async () => {
    const deps = (fails: boolean): SendDeps => ({
      context: chat.service.context,
      provider: provider(fails),
      lowBalanceRatio: 0.1,
      replyLimits: { maxReplyTokens: 60, perAgent: {} },
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), fc.nat(10), fc.nat(10), fc.constantFrom(0, 1, 3, 9), async (steps, first, length, later) => {
        const users = await customers();
        const written: string[] = [];
        const replies: string[] = [];
        for (const current of steps) {
          if (current.kind === 'send') {
            const input = { userId: users[current.user]!.id, tier: 'professional' as const, agentId: agents[current.agent]!, message: 'hello there' };
            const prepared = await prepareSend(deps(current.fails), input);
            await completeSend(deps(current.fails), { ...input, signal: new AbortController().signal, onWaiting: () => undefined, onToken: () => undefined }, prepared);
            if (!current.fails) replies.push(prepared.replyId);
          } else if (current.kind === 'api') {
            fake.mode = current.fails ? 'error' : 'ok';
            const { auth } = users[current.user]!.key;
            const model = (await request(chat.url).get('/v1/models').set(auth).expect(200)).body.data[0].id as string;
            await request(chat.url)
              .post('/v1/chat/completions')
              .set(auth)
              .send({ model, messages: [{ role: 'user', content: 'hi' }], max_tokens: 16 })
              .expect(current.fails ? 502 : 200);
          } else if (current.kind === 'refund' && replies.length > 0) {
            const messageId = replies.splice(current.pick % replies.length, 1)[0]!;
            await refundMessage(chat.service.context, { messageId, reason: 'property', actor: { id: randomUUID(), email: 'ops@example.com' } });
          } else if (current.kind === 'import') {
            const at = daysAgo(current.daysAgo);
            const userId = users[current.user]!.id;
            const [row] = await chat.db
              .insert(chatMessages)
              .values({
                userId,
                agentId: agents[current.agent]!,
                role: current.role,
                content: 'x',
                platformCreditsUsed: current.credits,
                createdAt: at,
                refundedAt: current.refunded ? at : null,
              })
              .returning({ id: chatMessages.id });
            written.push(row!.id);
            if (current.api !== null) {
              const keyId = users[current.user]!.key.id;
              await chat.db
                .insert(chatApiRequests)
                .values({ id: randomUUID(), keyId, userId, agentId: agents[current.agent]!, kind: 'chat', status: current.api, credits: current.credits, createdAt: at });
            }
          } else if (current.kind === 'move' && written.length > 0) {
            await chat.db
              .update(chatMessages)
              .set({ createdAt: daysAgo(current.daysAgo) })
              .where(eq(chatMessages.id, written[current.pick % written.length]!));
          } else if (current.kind === 'delete' && written.length > 0) {
            await chat.db.delete(chatMessages).where(eq(chatMessages.id, written.splice(current.pick % written.length, 1)[0]!));
          } else if (current.kind === 'reshard') {
            // Later counts of the same day and agent then go to this connection's shard: the figure is two rows' sum.
            await chat.db.execute(sql`update chat_stats_daily as t set shard = ${current.shard}
              where (t.day, t.channel, t.agent_id, t.shard) = (
                select day, channel, agent_id, shard from chat_stats_daily order by day, channel, agent_id, shard
                offset ${current.pick} % greatest((select count(*) from chat_stats_daily), 1) limit 1)
              and not exists (select 1 from chat_stats_daily as o where (o.day, o.channel, o.agent_id, o.shard) = (t.day, t.channel, t.agent_id, ${current.shard}))`);
          }
        }
        expect(await rollupDifferences(chat.db, chatRollups)).toEqual([]);
        const range = { from: dayOf(daysAgo(first + length)), to: dayOf(daysAgo(first)) };
        const stats = await chatStatsFor(chat.db, range);
        const { byAgent, ...figures } = await counted(range.from, range.to);
        expect({ ...stats, byAgent: stats.byAgent.map(({ name: _name, ...agent }) => agent), days: undefined }).toEqual({ ...figures, byAgent, days: undefined });
        expect(stats.days.reduce((sum, day) => sum + day.messages, 0)).toBe(figures.messages);
        // The endpoint answers what the domain computed.
        const { body } = await request(chat.url).get('/api/chat/admin/stats').query(range).set(admin.auth).expect(200);
        expect(body).toEqual(stats);
        // A preset range ending today reads its window; `later` days on, the window moves forward
        // and still answers the raw rows' figures; back to today, it is rebuilt, and the replies
        // of the next history are added to it as they are written.
        for (const shift of [later, 0]) {
          const now = Date.now() + shift * 86_400_000;
          const preset = { from: dayOf(new Date(now - 6 * 86_400_000)), to: dayOf(new Date(now)) };
          const expected = await counted(preset.from, preset.to);
          expect(await customerFiguresFor(chat.db, preset, now)).toEqual({ activeCustomers: expected.activeCustomers, topCustomers: expected.topCustomers });
          expect(await rollupDifferences(chat.db, chatRollups)).toEqual([]);
        }
      }),
      { numRuns: Number(process.env.STATS_PROPERTY_RUNS ?? 15) },
    );
  }, 300_000);
});
