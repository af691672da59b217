import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { eq } from '@agentdock/service-data/orm';
import { adminAudit } from '@agentdock/service-data';
import { chatWalletLedger } from '../src/db/schema';
import { ChatHarness, DRIVER } from './harness';

describe(`svc-chat admin on ${DRIVER}`, () => {
  let chat: ChatHarness;

  beforeAll(async () => {
    ({ chat } = await ChatHarness.behindFakeOpenAi());
  });
  afterAll(async () => {
    await chat.close();
  });

  async function customerWithReply() {
    const agent = await chat.agent();
    const user = await chat.user();
    const response = await fetch(`${chat.url}/api/chat/agents/${agent.id}/messages`, {
      method: 'POST',
      headers: { ...user.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'abcd' }),
    });
    await response.text();
    return { user, agent };
  }

  it('guards every admin route: 401 anonymous, 403 for customers', async () => {
    const customer = await chat.user();
    await request(chat.url).get(`/api/chat/admin/wallets?userIds=${customer.id}`).expect(401);
    await request(chat.url).get(`/api/chat/admin/wallets?userIds=${customer.id}`).set(customer.auth).expect(403);
    await request(chat.url).post(`/api/chat/admin/messages/${randomUUID()}/refund`).set(customer.auth).send({ reason: 'x' }).expect(403);
  });

  it('lists wallets by user id, leaving out users without one, and validates the list', async () => {
    const admin = await chat.user({ admin: true });
    const { user } = await customerWithReply();
    const stranger = randomUUID();
    const res = await request(chat.url).get(`/api/chat/admin/wallets?userIds=${user.id},${stranger}`).set(admin.auth).expect(200);
    expect(res.body.wallets).toHaveLength(1);
    // A web chat send counts no API call (only /v1 requests do).
    expect(res.body.wallets[0]).toMatchObject({ userId: user.id, creditsRemaining: 50_000 - 300, apiCallsUsed: 0 });
    const bad = await request(chat.url).get('/api/chat/admin/wallets?userIds=nope').set(admin.auth).expect(400);
    expect(bad.body.error.fields[0].path).toMatch(/^userIds/);
  });

  it('adjusts a wallet both ways, refuses to go below zero, and records each change in the ledger', async () => {
    const admin = await chat.user({ admin: true });
    const { user } = await customerWithReply();
    const added = await request(chat.url).post(`/api/chat/admin/wallets/${user.id}/adjustments`).set(admin.auth).send({ credits: 1_000, reason: 'goodwill' }).expect(200);
    expect(added.body.wallet.creditsRemaining).toBe(50_000 - 300 + 1_000);
    const tooMuch = await request(chat.url).post(`/api/chat/admin/wallets/${user.id}/adjustments`).set(admin.auth).send({ credits: -1_000_000, reason: 'oops' }).expect(409);
    expect(tooMuch.body.error.message).toContain('only 50700 credits are left');
    const taken = await request(chat.url).post(`/api/chat/admin/wallets/${user.id}/adjustments`).set(admin.auth).send({ credits: -700, reason: 'correction' }).expect(200);
    expect(taken.body.wallet.creditsRemaining).toBe(50_000);
    await request(chat.url).post(`/api/chat/admin/wallets/${user.id}/adjustments`).set(admin.auth).send({ credits: 0, reason: '' }).expect(400);
    await request(chat.url).post(`/api/chat/admin/wallets/${randomUUID()}/adjustments`).set(admin.auth).send({ credits: 5, reason: 'x' }).expect(404);
    const ledger = await chat.db.select().from(chatWalletLedger).where(eq(chatWalletLedger.userId, user.id));
    const adjustments = ledger.filter((entry) => entry.kind === 'admin-adjustment');
    expect(adjustments.map((entry) => [entry.planDelta, entry.reason, entry.actorId])).toEqual(
      expect.arrayContaining([
        [1_000, 'goodwill', admin.id],
        [-700, 'correction', admin.id],
      ]),
    );
    const audit = await chat.db.select().from(adminAudit).where(eq(adminAudit.subjectUserId, user.id));
    expect(audit.map((entry) => [entry.action, entry.actorId, (entry.after as { creditsRemaining: number }).creditsRemaining])).toEqual(
      expect.arrayContaining([
        ['chat.wallet.adjust', admin.id, 50_700],
        ['chat.wallet.adjust', admin.id, 50_000],
      ]),
    );
  });

  it('adds a billion credits three times without overflowing, and refuses an out-of-range amount with 400 naming the field', async () => {
    const admin = await chat.user({ admin: true });
    const user = await chat.user();
    await request(chat.url).get('/api/chat/wallet').set(user.auth).expect(200);
    let balance = 0;
    for (let step = 0; step < 3; step += 1) {
      const res = await request(chat.url).post(`/api/chat/admin/wallets/${user.id}/adjustments`).set(admin.auth).send({ credits: 1_000_000_000, reason: 'bulk grant' }).expect(200);
      balance = res.body.wallet.creditsRemaining;
    }
    expect(balance).toBe(50_000 + 3_000_000_000);
    expect((await request(chat.url).get('/api/chat/wallet').set(user.auth).expect(200)).body.creditsRemaining).toBe(3_000_050_000);
    const tooBig = await request(chat.url).post(`/api/chat/admin/wallets/${user.id}/adjustments`).set(admin.auth).send({ credits: 3_000_000_000, reason: 'x' }).expect(400);
    expect(tooBig.body.error.fields[0].path).toBe('credits');
  });

  it('lists recent replies and refunds one exactly once', async () => {
    const admin = await chat.user({ admin: true });
    const { user, agent } = await customerWithReply();
    const list = await request(chat.url).get(`/api/chat/admin/users/${user.id}/messages?limit=20`).set(admin.auth).expect(200);
    expect(list.body.messages).toEqual([expect.objectContaining({ agentId: agent.id, creditsUsed: 300, tokensUsed: 3, refunded: false })]);
    const messageId = list.body.messages[0].id as string;
    const refunded = await request(chat.url).post(`/api/chat/admin/messages/${messageId}/refund`).set(admin.auth).send({ reason: 'bad answer' }).expect(200);
    expect(refunded.body.wallet.creditsRemaining).toBe(50_000);
    await request(chat.url).post(`/api/chat/admin/messages/${messageId}/refund`).set(admin.auth).send({ reason: 'again' }).expect(409);
    await request(chat.url).post(`/api/chat/admin/messages/${randomUUID()}/refund`).set(admin.auth).send({ reason: 'x' }).expect(404);
    const after = await request(chat.url).get(`/api/chat/admin/users/${user.id}/messages`).set(admin.auth).expect(200);
    expect(after.body.messages[0].refunded).toBe(true);
    const usage = await request(chat.url).get('/api/chat/usage').set(user.auth).expect(200);
    expect(usage.body.totalCreditsUsed).toBe(0);
  });
});
