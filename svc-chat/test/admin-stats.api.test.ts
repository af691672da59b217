import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { chatApiRequests, chatConversations, chatMessages, chatWalletLedger, chatWallets } from '../src/db/schema';
import { ChatHarness, DRIVER, type User } from './harness';

const STATS = '/api/chat/admin/stats';

describe(`svc-chat admin stats (${DRIVER})`, () => {
  let chat: ChatHarness;
  let admin: User;
  const [alice, bob, carol] = [randomUUID(), randomUUID(), randomUUID()];
  let writer: string;
  let unknownAgent: string;

  beforeAll(async () => {
    chat = await ChatHarness.start({});
    admin = await chat.user({ admin: true });
    writer = (await chat.agent({ name: 'Writer' })).id;
    unknownAgent = randomUUID();
    const message = (userId: string, agentId: string, role: 'user' | 'assistant', credits: number, createdAt: string, refunded = false) => ({
      userId,
      agentId,
      role,
      content: 'x',
      platformCreditsUsed: credits,
      createdAt: new Date(createdAt),
      refundedAt: refunded ? new Date(createdAt) : null,
    });
    await chat.db.insert(chatMessages).values([
      message(alice, writer, 'user', 0, '2026-03-01T08:00:00Z'),
      message(alice, writer, 'assistant', 40, '2026-03-01T08:00:01Z'),
      message(alice, writer, 'assistant', 60, '2026-03-02T23:59:59Z'),
      message(bob, writer, 'assistant', 25, '2026-03-02T10:00:00Z'),
      // Refunded by an admin: delivered, but its credits went back.
      message(bob, unknownAgent, 'assistant', 500, '2026-03-02T11:00:00Z', true),
      message(carol, unknownAgent, 'assistant', 30, '2026-03-03T00:00:00Z'),
      message(carol, writer, 'assistant', 999, '2026-02-28T23:59:59Z'),
    ]);
    const apiRequest = (userId: string, agentId: string, status: number, credits: number, createdAt: string) => ({
      id: randomUUID(),
      keyId: randomUUID(),
      userId,
      agentId,
      kind: 'chat',
      status,
      credits,
      createdAt: new Date(createdAt),
    });
    await chat.db.insert(chatApiRequests).values([
      apiRequest(alice, writer, 200, 30, '2026-03-01T09:00:00Z'),
      // The caller left before the end: charged for what was generated, so counted.
      apiRequest(alice, writer, 499, 12, '2026-03-02T23:59:59Z'),
      apiRequest(bob, unknownAgent, 200, 8, '2026-03-02T00:00:00Z'),
      // The provider failed: nothing charged, not counted.
      apiRequest(bob, writer, 502, 0, '2026-03-02T12:00:00Z'),
      // Outside the range.
      apiRequest(carol, writer, 200, 77, '2026-02-28T23:59:59Z'),
      apiRequest(carol, writer, 200, 5, '2026-03-03T00:00:00Z'),
    ]);
  });
  afterAll(() => chat.close());

  it('counts replies and the credits they cost per day, per agent and for the top customers, and API requests apart', async () => {
    const { body } = await request(chat.url).get(STATS).query({ from: '2026-03-01', to: '2026-03-02' }).set(admin.auth).expect(200);
    // The per-agent and per-customer figures are the web chat's; the API's are per day and in total.
    expect(body).toEqual({
      messages: 4,
      credits: 125,
      apiRequests: 3,
      apiCredits: 50,
      activeCustomers: 2,
      days: [
        { date: '2026-03-01', messages: 1, credits: 40, apiRequests: 1, apiCredits: 30 },
        { date: '2026-03-02', messages: 3, credits: 85, apiRequests: 2, apiCredits: 20 },
      ],
      byAgent: [
        { agentId: writer, name: 'Writer', messages: 3, credits: 125 },
        { agentId: unknownAgent, name: null, messages: 1, credits: 0 },
      ],
      topCustomers: [
        { userId: alice, messages: 2, credits: 100 },
        { userId: bob, messages: 2, credits: 25 },
      ],
    });
  });

  it('answers zeros for a day without usage and counts the API requests of the others', async () => {
    const { body } = await request(chat.url).get(STATS).query({ from: '2026-02-27', to: '2026-02-28' }).set(admin.auth).expect(200);
    expect(body.days).toEqual([
      { date: '2026-02-27', messages: 0, credits: 0, apiRequests: 0, apiCredits: 0 },
      { date: '2026-02-28', messages: 1, credits: 999, apiRequests: 1, apiCredits: 77 },
    ]);
    expect([body.apiRequests, body.apiCredits]).toEqual([1, 77]);
  });

  it('ranks users by the plan credits they used this period', async () => {
    const wallet = (userId: string, remaining: number) => ({
      userId,
      tier: 'free',
      creditsRemaining: remaining,
      creditsLimit: 1_000,
      apiCallsLimit: 10,
      periodStart: new Date('2026-03-01T00:00:00Z'),
      periodAnchor: new Date('2026-03-01T00:00:00Z'),
      creditsRefillAt: new Date('2026-04-01T00:00:00Z'),
      renewsAt: new Date('2026-04-01T00:00:00Z'),
    });
    await chat.db.insert(chatWallets).values([wallet(alice, 900), wallet(bob, 100), wallet(carol, 1_000)]);
    const { body } = await request(chat.url).get('/api/chat/admin/usage/ranking').query({ limit: 2 }).set(admin.auth).expect(200);
    expect(body).toEqual({
      users: [
        { userId: bob, creditsUsed: 900 },
        { userId: alice, creditsUsed: 100 },
      ],
    });
    await request(chat.url).get('/api/chat/admin/usage/ranking').query({ limit: 0 }).set(admin.auth).expect(400);
  });

  it('counts a customer’s conversations and lists their latest wallet changes', async () => {
    await chat.db.insert(chatConversations).values([
      { userId: alice, agentId: writer, title: 'First' },
      { userId: alice, agentId: unknownAgent, title: 'Second' },
      // A deleted conversation is hidden from its owner, and from the count.
      { userId: alice, agentId: writer, title: 'Deleted', deletedAt: new Date('2026-03-03T00:00:00Z') },
      { userId: bob, agentId: writer, title: 'Theirs' },
    ]);
    await chat.db.insert(chatWalletLedger).values([
      { userId: alice, kind: 'grant', planDelta: 1_000, createdAt: new Date('2026-03-01T00:00:00Z') },
      { userId: alice, kind: 'admin-adjustment', purchasedDelta: 50, reason: 'Goodwill', createdAt: new Date('2026-03-02T00:00:00Z') },
      { userId: bob, kind: 'grant', planDelta: 1_000, createdAt: new Date('2026-03-01T00:00:00Z') },
    ]);
    const { body } = await request(chat.url).get(`/api/chat/admin/users/${alice}/usage`).set(admin.auth).expect(200);
    expect(body.conversations).toBe(2);
    expect(
      body.ledger.map((row: { kind: string; planDelta: number; purchasedDelta: number; reason: string | null }) => [row.kind, row.planDelta, row.purchasedDelta, row.reason]),
    ).toEqual([
      ['admin-adjustment', 0, 50, 'Goodwill'],
      ['grant', 1_000, 0, null],
    ]);
    await request(chat.url).get('/api/chat/admin/users/not-a-uuid/usage').set(admin.auth).expect(400);
  });

  it('is for admins only and refuses a range that is not one', async () => {
    const customer = await chat.user();
    await request(chat.url).get(STATS).query({ from: '2026-03-01', to: '2026-03-02' }).set(customer.auth).expect(403);
    await request(chat.url).get(STATS).query({ from: '2026-03-02', to: '2026-03-01' }).set(admin.auth).expect(400);
  });
});
