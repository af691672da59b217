import { randomUUID } from 'node:crypto';
import {
  CHAT_POOL_ENDPOINTS,
  chatCreditsSpentV1,
  endpointUrl,
  organisationMemberJoinedV1,
  organisationMemberRemovedV1,
  seatsChangedV1,
  teamCreditsPurchasedV1,
  teamSubscriptionActivatedV1,
  teamSubscriptionRenewedV1,
} from '@agentdock/contracts';
import { outbox } from '@agentdock/service-data';
import { eq } from '@agentdock/service-data/orm';
import { eventually } from '@agentdock/service-kit/testing';
import request from 'supertest';
import { chatWalletLedger } from '../src/db/schema';
import { ChatHarness, DRIVER, parseSse, type User } from './harness';

type Principal = 'owner' | 'admin' | 'member' | 'outsider' | 'removed';

describe(`a team's credit pool on ${DRIVER}`, () => {
  let chat: ChatHarness;
  let agentId: string;
  let team: string;
  let people: Record<Principal, User>;
  const poolPath = () => endpointUrl(CHAT_POOL_ENDPOINTS.pool, { orgId: team });
  const capPath = (user: User) => endpointUrl(CHAT_POOL_ENDPOINTS.setMemberCap, { orgId: team, userId: user.id });
  const pool = async (user: User = people.owner) => (await request(chat.url).get(poolPath()).set(user.auth).expect(200)).body;
  const fact: ChatHarness['publish'] = async (event, data, id) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return chat.publish(event, data, id);
  };
  const period = { periodStart: '2026-11-01T00:00:00.000Z', periodEnd: '2026-12-01T00:00:00.000Z' };

  async function send(user: User, extra: Record<string, unknown> = { workspace: team }) {
    const response = await fetch(`${chat.url}/api/chat/agents/${agentId}/messages`, {
      method: 'POST',
      headers: { ...user.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Summarise our week', ...extra }),
    });
    const text = await response.text();
    return { status: response.status, events: response.headers.get('content-type')?.startsWith('text/event-stream') ? parseSse(text) : [], body: text };
  }

  beforeAll(async () => {
    chat = await ChatHarness.start({});
    agentId = (await chat.agent({ tier: 'starter' })).id;
    team = randomUUID();
    people = {
      owner: await chat.user(),
      admin: await chat.user(),
      member: await chat.user(),
      outsider: await chat.user({ tier: 'professional' }),
      removed: await chat.user(),
    };
    let members = 0;
    for (const [principal, role] of [
      ['owner', 'owner'],
      ['admin', 'admin'],
      ['member', 'member'],
      ['removed', 'member'],
    ] as const) {
      await fact(organisationMemberJoinedV1, { organisationId: team, userId: people[principal].id, role, members: (members += 1) });
    }
    await fact(organisationMemberRemovedV1, { organisationId: team, userId: people.removed.id, reason: 'removed', members: 3 });
    await fact(teamSubscriptionActivatedV1, { organisationId: team, subscriptionId: 'sub_team', tier: 'starter', seats: 3, billingPeriod: 'monthly', ...period });
    // On JetStream each kind of event is consumed on its own: wait for the members and the subscription alike.
    await eventually(async () => {
      const pool = (await request(chat.url).get(poolPath()).set(people.owner.auth)).body;
      return pool.members?.length === 3 && pool.seats === 3;
    });
  }, 60_000);
  afterAll(() => chat.close());

  it('fills the pool with the plan’s monthly credits × seats, shown to owners and admins with every member, to a member with their own row', async () => {
    const seen = await pool(people.admin);
    const perSeat = seen.creditsLimit / 3;
    expect(Number.isInteger(perSeat) && perSeat > 0).toBe(true);
    expect(seen).toMatchObject({ tier: 'starter', seats: 3, creditsRemaining: seen.creditsLimit, purchasedCredits: 0 });
    expect(seen.members.map((row: { userId: string }) => row.userId).sort()).toEqual([people.owner.id, people.admin.id, people.member.id].sort());
    expect((await pool(people.member)).members).toEqual([{ userId: people.member.id, role: 'member', monthlyCap: null, spentThisPeriod: 0, lastActiveAt: null }]);
    for (const stranger of [people.outsider, people.removed]) expect((await request(chat.url).get(poolPath()).set(stranger.auth)).status).toBe(404);
  });

  it('lets members spend from the pool (the ledger names them), never a stranger’s or a removed member’s send, and leaves personal wallets apart', async () => {
    const before = await pool();
    const sent = await send(people.member);
    expect(sent.status).toBe(200);
    const done = sent.events.find((event) => event.event === 'done')!.data as { reply: { creditsUsed: number }; creditsRemaining: number };
    const charged = done.reply.creditsUsed;
    expect(charged).toBeGreaterThan(0);
    expect(done.creditsRemaining).toBe(before.creditsRemaining - charged);
    const after = await pool();
    expect(after.creditsRemaining).toBe(before.creditsRemaining - charged);
    expect(after.members.find((row: { userId: string }) => row.userId === people.member.id).spentThisPeriod).toBe(charged);
    const rows = await chat.db.select().from(chatWalletLedger).where(eq(chatWalletLedger.userId, team));
    expect(rows.filter((row) => row.kind === 'reservation').map((row) => row.memberId)).toEqual([people.member.id]);
    // The member's own wallet paid nothing.
    expect((await request(chat.url).get('/api/chat/wallet').set(people.member.auth).expect(200)).body.creditsRemaining).toBe(
      (await request(chat.url).get('/api/chat/wallet').set(people.member.auth).expect(200)).body.creditsLimit,
    );
    await eventually(async () => (await chat.db.select().from(outbox)).some((row) => row.subject === chatCreditsSpentV1.subject));
    const spent = (await chat.db.select().from(outbox))
      .filter((row) => row.subject === chatCreditsSpentV1.subject)
      .map((row) => (row.payload as { data: { userId: string } }).data.userId);
    expect(spent).toEqual([people.member.id]);

    for (const stranger of [people.outsider, people.removed]) {
      const refused = await send(stranger);
      expect(refused.status).toBe(404);
      expect(JSON.parse(refused.body).error.code).toBe('organisation_not_found');
    }
    expect((await pool()).creditsRemaining).toBe(after.creditsRemaining);
  });

  it('lets an owner or admin cap a member’s month, refuses the member past it with a clear message, and refuses a member setting caps', async () => {
    expect((await request(chat.url).put(capPath(people.admin)).set(people.member.auth).send({ monthlyCap: 1 })).status).toBe(403);
    expect((await request(chat.url).put(capPath(people.member)).set(people.admin.auth).send({ monthlyCap: -1 })).status).toBe(400);
    expect((await request(chat.url).put(capPath(people.outsider)).set(people.admin.auth).send({ monthlyCap: 10 })).status).toBe(404);
    const spent = (await pool()).members.find((row: { userId: string }) => row.userId === people.member.id).spentThisPeriod;
    const capped = await request(chat.url)
      .put(capPath(people.member))
      .set(people.owner.auth)
      .send({ monthlyCap: spent + 1 })
      .expect(200);
    expect(capped.body).toMatchObject({ userId: people.member.id, monthlyCap: spent + 1, spentThisPeriod: spent });
    const refused = await send(people.member);
    expect(refused.status).toBe(402);
    expect(JSON.parse(refused.body).error).toMatchObject({
      code: 'member_credit_cap_reached',
      message: expect.stringContaining(`monthly cap of ${(spent + 1).toLocaleString('en-US')} credits your team set for you`),
    });
    // Others still spend; lifting the cap lets the member spend again.
    expect((await send(people.admin)).status).toBe(200);
    await request(chat.url).put(capPath(people.member)).set(people.admin.auth).send({ monthlyCap: null }).expect(200);
    expect((await send(people.member)).status).toBe(200);
  });

  it('follows seats, renewals (no rollover) and packs bought for the team', async () => {
    const before = await pool();
    const used = before.creditsLimit - before.creditsRemaining;
    await fact(seatsChangedV1, { organisationId: team, subscriptionId: 'sub_team', tier: 'starter', seats: 2, previousSeats: 3, subscriptionStatus: 'active' });
    await eventually(async () => (await pool()).seats === 2);
    const fewer = await pool();
    // The month keeps its usage: a seat fewer takes back its share of what is left, never below 0.
    expect(fewer.creditsRemaining).toBeLessThan(before.creditsRemaining);
    expect(fewer.creditsRemaining).toBeGreaterThanOrEqual(0);
    expect(fewer.creditsLimit - fewer.creditsRemaining).toBeGreaterThanOrEqual(Math.min(used, fewer.creditsLimit));
    await fact(teamCreditsPurchasedV1, {
      organisationId: team,
      userId: people.admin.id,
      purchaseId: 'cs_pack',
      packId: 'credits-500k',
      credits: 500_000,
      amount: 1_000,
      currency: 'usd',
    });
    await eventually(async () => (await pool()).purchasedCredits === 500_000);
    await fact(teamSubscriptionRenewedV1, {
      organisationId: team,
      subscriptionId: 'sub_team',
      tier: 'starter',
      seats: 2,
      billingPeriod: 'monthly',
      periodStart: period.periodEnd,
      periodEnd: '2027-01-01T00:00:00.000Z',
    });
    await eventually(async () => (await pool()).periodStart === period.periodEnd);
    const renewed = await pool();
    expect(renewed).toMatchObject({ seats: 2, creditsLimit: (before.creditsLimit / 3) * 2, creditsRemaining: (before.creditsLimit / 3) * 2, purchasedCredits: 500_000 });
    expect(renewed.members.every((row: { spentThisPeriod: number }) => row.spentThisPeriod === 0)).toBe(true);
    const rows = await chat.db.select().from(chatWalletLedger).where(eq(chatWalletLedger.userId, team));
    expect(rows.reduce((sum, row) => sum + row.planDelta, 0)).toBe(renewed.creditsRemaining);
    expect(rows.reduce((sum, row) => sum + row.purchasedDelta, 0)).toBe(renewed.purchasedCredits);
  });
});
