import { randomUUID } from 'node:crypto';
import { CHAT_POOL_ENDPOINTS, creditsForTokens, endpointUrl, estimateTokens, organisationMemberJoinedV1, teamSubscriptionActivatedV1 } from '@agentdock/contracts';
import { and, eq } from '@agentdock/service-data/orm';
import { eventually } from '@agentdock/service-kit/testing';
import request from 'supertest';
import { chatPoolMembers, chatWalletLedger } from '../src/db/schema';
import { ChatHarness, DRIVER, parseSse, type User } from './harness';

const MEMBERS = 50;
const MESSAGE = 'Draft a short status update for the team';

/**
 * Fifty members send at the same moment from one pool that pays for only a few replies, half of
 * them under a cap of about one reply: on PostgreSQL the sends really run at once, on separate
 * connections. Nothing may go negative, the ledger must sum to the pool, no cap may be passed,
 * every reply is charged at least what it delivered, and every refusal is a clean 402.
 */
describe(`50 members sending at once on an almost empty pool (${DRIVER})`, () => {
  let chat: ChatHarness;
  let agentId: string;
  const team = randomUUID();
  let members: User[];

  beforeAll(async () => {
    // Replies held to 120 tokens: each reservation is a small share of the pool, so many sends race for what is left.
    chat = await ChatHarness.start({ CHAT_AGENT_MAX_REPLY_TOKENS: JSON.stringify({ 'race-agent': 120 }) });
    agentId = (await chat.agent({ tier: 'starter', key: 'race-agent' })).id;
    members = await Promise.all(Array.from({ length: MEMBERS }, () => chat.user()));
    for (const [index, member] of members.entries()) {
      await chat.publish(organisationMemberJoinedV1, { organisationId: team, userId: member.id, role: index === 0 ? 'owner' : 'member', members: index + 1 });
    }
    await chat.publish(teamSubscriptionActivatedV1, {
      organisationId: team,
      subscriptionId: 'sub_race',
      tier: 'starter',
      seats: MEMBERS,
      billingPeriod: 'monthly',
      periodStart: new Date(Date.now() - 86_400_000).toISOString(),
      periodEnd: new Date(Date.now() + 20 * 86_400_000).toISOString(),
    });
    const pool = () =>
      request(chat.url)
        .get(endpointUrl(CHAT_POOL_ENDPOINTS.pool, { orgId: team }))
        .set(members[0]!.auth);
    await eventually(async () => (await pool()).body.members?.length === MEMBERS && (await pool()).body.seats === MEMBERS);
  }, 120_000);
  afterAll(() => chat.close());

  it('never lets the pool go negative, a cap be passed, or a reply be charged less than it delivered', async () => {
    // One probe send tells what a reply costs here; the pool is then left with about twelve replies' worth for fifty senders.
    const probe = await sendFrom(members[0]!);
    expect(probe.status).toBe(200);
    const replyCost = probe.charged!;
    await chat.setPlanCredits(team, replyCost * 12 + Math.floor(replyCost / 2));
    const capOf = new Map<string, number>();
    for (const member of members.slice(1, MEMBERS / 2)) {
      capOf.set(member.id, replyCost + 1);
      await chat.db
        .update(chatPoolMembers)
        .set({ monthlyCap: replyCost + 1 })
        .where(and(eq(chatPoolMembers.organisationId, team), eq(chatPoolMembers.userId, member.id)));
    }
    const before = (await chat.wallet(team))!;

    // A capped member sends three at once: their cap holds against their own sends racing too.
    const results = await Promise.all(members.flatMap((member) => (capOf.has(member.id) ? [1, 2, 3] : [1]).map(() => sendFrom(member))));

    expect(results.filter((result) => result.status !== 200 && result.status !== 402)).toEqual([]);
    const succeeded = results.filter((result) => result.status === 200);
    expect(succeeded.length).toBeGreaterThan(0);
    expect(results.filter((result) => result.status === 402).length).toBeGreaterThan(0);
    const after = (await chat.wallet(team))!;
    expect(after.creditsRemaining).toBeGreaterThanOrEqual(0);
    expect(after.purchasedCredits).toBeGreaterThanOrEqual(0);
    const charged = succeeded.reduce((sum, result) => sum + result.charged!, 0);
    expect(before.creditsRemaining + before.purchasedCredits - (after.creditsRemaining + after.purchasedCredits)).toBe(charged);
    const ledger = await chat.db.select().from(chatWalletLedger).where(eq(chatWalletLedger.userId, team));
    expect(ledger.reduce((sum, row) => sum + row.planDelta, 0)).toBe(after.creditsRemaining);
    expect(ledger.reduce((sum, row) => sum + row.purchasedDelta, 0)).toBe(after.purchasedCredits);
    for (const result of succeeded) {
      // Charged what the reply cost (at least what it delivered), never more than was set aside.
      const rows = ledger.filter((row) => row.messageId === result.replyId);
      const reserved = -rows.filter((row) => row.kind === 'reservation').reduce((sum, row) => sum + row.planDelta + row.purchasedDelta, 0);
      expect(-rows.reduce((sum, row) => sum + row.planDelta + row.purchasedDelta, 0)).toBe(result.charged);
      expect(result.charged!).toBeLessThanOrEqual(reserved);
      expect(result.charged!).toBeGreaterThanOrEqual(result.delivered!);
    }
    const rows = await chat.db.select().from(chatPoolMembers).where(eq(chatPoolMembers.organisationId, team));
    for (const row of rows) {
      const cap = capOf.get(row.userId);
      const theirs = succeeded.filter((result) => result.userId === row.userId).reduce((sum, result) => sum + result.charged!, 0);
      const probeCharge = row.userId === members[0]!.id ? replyCost : 0;
      expect(row.spent).toBe(theirs + probeCharge);
      if (cap !== undefined) expect(row.spent).toBeLessThanOrEqual(cap);
    }
    console.info(`pool race (${DRIVER}): ${succeeded.length} replies charged ${charged} credits, ${results.length - succeeded.length} refused with 402`);
  }, 120_000);

  async function sendFrom(member: User) {
    const response = await fetch(`${chat.url}/api/chat/agents/${agentId}/messages`, {
      method: 'POST',
      headers: { ...member.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ message: MESSAGE, workspace: team }),
    });
    const text = await response.text();
    if (response.status !== 200) return { userId: member.id, status: response.status };
    const done = parseSse(text).find((event) => event.event === 'done')?.data as { reply: { id: string; creditsUsed: number; markdown: string; stopReason?: string } } | undefined;
    if (!done) return { userId: member.id, status: 500 };
    return {
      userId: member.id,
      status: 200,
      replyId: done.reply.id,
      charged: done.reply.creditsUsed,
      // What was delivered: the message and the reply text the member received (the demo provider reports the same count). A
      // reply cut at its reservation carries the cut's notice in its text, which is not the model's: the reservation bounds those.
      delivered: done.reply.stopReason ? 0 : creditsForTokens(estimateTokens(MESSAGE) + estimateTokens(done.reply.markdown)),
    };
  }
});
