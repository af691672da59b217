import { randomUUID } from 'node:crypto';
import {
  CHAT_POOL_ENDPOINTS,
  CHAT_POOL_STATEMENT_ENDPOINTS,
  endpointUrl,
  organisationMemberJoinedV1,
  organisationMemberRemovedV1,
  teamSubscriptionActivatedV1,
  userRegisteredV1,
} from '@agentdock/contracts';
import { eq } from '@agentdock/service-data/orm';
import { eventually } from '@agentdock/service-kit/testing';
import OpenAI from 'openai';
import request from 'supertest';
import { chatApiRequests, chatWalletLedger } from '../src/db/schema';
import { ChatHarness, DRIVER, type User } from './harness';

/**
 * Team API keys, called with the official `openai` package as a customer's code would: a key made
 * in a team's workspace spends from the team's pool within its member's cap, never from the
 * member's own wallet, and stops as soon as the member is removed from the team.
 */
describe(`team API keys with the official OpenAI SDK on ${DRIVER}`, () => {
  let chat: ChatHarness;
  let model: string;
  let agentId: string;
  let team: string;
  let owner: User;
  let member: User;
  const period = { periodStart: '2026-11-01T00:00:00.000Z', periodEnd: '2026-12-01T00:00:00.000Z' };
  const clientFor = (secret: string) => new OpenAI({ apiKey: secret, baseURL: `${chat.url}/v1`, maxRetries: 0 });
  const pool = async () =>
    (
      await request(chat.url)
        .get(endpointUrl(CHAT_POOL_ENDPOINTS.pool, { orgId: team }))
        .set(owner.auth)
        .expect(200)
    ).body;
  const spentBy = async (user: User) => (await pool()).members.find((row: { userId: string }) => row.userId === user.id).spentThisPeriod as number;
  const ask = (client: OpenAI) => client.chat.completions.create({ model, messages: [{ role: 'user', content: 'Plan our Monday meeting' }] });

  async function caught(promise: Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> {
    const error = await promise.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(OpenAI.APIError);
    return error as InstanceType<typeof OpenAI.APIError>;
  }

  async function join(user: User, role: 'owner' | 'admin' | 'member', members: number) {
    await chat.publish(organisationMemberJoinedV1, { organisationId: team, userId: user.id, role, members });
  }

  beforeAll(async () => {
    chat = await ChatHarness.start({});
    // A free agent: the member's own free wallet may use it too, so their personal key is tested on the same model.
    const agent = await chat.agent({ tier: 'free' });
    model = agent.key;
    agentId = agent.id;
    team = randomUUID();
    owner = await chat.user();
    member = await chat.user();
    // The member's own (free) wallet, which a team key must never touch.
    await chat.publish(userRegisteredV1, { userId: member.id, email: `${member.id.slice(0, 8)}@example.com`, fullName: null, tier: 'free' });
    await join(owner, 'owner', 1);
    await join(member, 'member', 2);
    await chat.publish(teamSubscriptionActivatedV1, { organisationId: team, subscriptionId: 'sub_keys', tier: 'starter', seats: 2, billingPeriod: 'monthly', ...period });
    // On JetStream each kind of event is consumed on its own: wait for the members and the subscription alike.
    await eventually(async () => {
      if ((await chat.wallet(member.id)) === undefined) return false;
      const pool = (
        await request(chat.url)
          .get(endpointUrl(CHAT_POOL_ENDPOINTS.pool, { orgId: team }))
          .set(owner.auth)
      ).body;
      return pool.members?.length === 2 && pool.seats === 2;
    });
  }, 60_000);
  afterAll(() => chat.close());

  it('meters a completion to the pool and the member’s spent figure, with the member’s own wallet untouched', async () => {
    const key = await chat.apiKey(member, { organisationId: team });
    const personalBefore = (await chat.wallet(member.id))!;
    const before = await pool();

    const completion = await ask(clientFor(key.secret));
    expect(completion.choices[0]?.message.content).toBeTruthy();

    const [row] = await chat.db.select().from(chatApiRequests).where(eq(chatApiRequests.keyId, key.id));
    expect(row).toMatchObject({ userId: team, status: 200 });
    const charged = row!.credits;
    expect(charged).toBeGreaterThan(0);
    const after = await pool();
    expect(before.creditsRemaining - after.creditsRemaining).toBe(charged);
    expect(await spentBy(member)).toBe(charged);
    const personalAfter = (await chat.wallet(member.id))!;
    expect({ credits: personalAfter.creditsRemaining, calls: personalAfter.apiCallsUsed }).toEqual({
      credits: personalBefore.creditsRemaining,
      calls: personalBefore.apiCallsUsed,
    });
    // The reply's ledger rows are the pool's, and name the member who spent.
    const ledger = await chat.db.select().from(chatWalletLedger).where(eq(chatWalletLedger.messageId, row!.id));
    expect(ledger.length).toBeGreaterThan(0);
    expect(ledger.every((entry) => entry.userId === team)).toBe(true);
    expect(ledger.some((entry) => entry.memberId === member.id)).toBe(true);
  });

  it('refuses past the member’s cap with an OpenAI-shaped insufficient_quota error, and spends again once the cap is lifted', async () => {
    const key = await chat.apiKey(member, { organisationId: team });
    const spent = await spentBy(member);
    const capPath = endpointUrl(CHAT_POOL_ENDPOINTS.setMemberCap, { orgId: team, userId: member.id });
    await request(chat.url)
      .put(capPath)
      .set(owner.auth)
      .send({ monthlyCap: spent + 1 })
      .expect(200);

    const before = await pool();
    const refused = await caught(ask(clientFor(key.secret)));
    expect(refused.status).toBe(402);
    expect(refused.error).toMatchObject({ type: 'insufficient_quota', code: 'member_credit_cap_reached', message: expect.stringContaining('your team set for you') });
    expect((await pool()).creditsRemaining).toBe(before.creditsRemaining);

    await request(chat.url).put(capPath).set(owner.auth).send({ monthlyCap: null }).expect(200);
    await ask(clientFor(key.secret));
    expect(await spentBy(member)).toBeGreaterThan(spent);
  });

  it('shows the pool’s statement in the team workspace: every line to an owner, a member’s own lines to the member', async () => {
    const statementPath = endpointUrl(CHAT_POOL_STATEMENT_ENDPOINTS.poolStatement, { orgId: team });
    const ownerKey = await chat.apiKey(owner, { organisationId: team });
    await ask(clientFor(ownerKey.secret));
    const whole = (await request(chat.url).get(statementPath).set(owner.auth).expect(200)).body;
    const mine = (await request(chat.url).get(statementPath).set(member.auth).expect(200)).body;
    const apiLines = (body: { lines: { kind: string }[] }) => body.lines.filter((line) => line.kind === 'api').length;
    expect(apiLines(whole)).toBe(apiLines(mine) + 1);
    expect(mine.lines.every((line: { kind: string }) => line.kind === 'api')).toBe(true);
    const pooled = await pool();
    expect(whole.balance).toBe(pooled.creditsRemaining + pooled.purchasedCredits);
    expect(whole.lines[0].balance).toBe(whole.balance);
    await request(chat.url)
      .get(statementPath)
      .set((await chat.user()).auth)
      .expect(404);
    const csv = await request(chat.url)
      .get(`${endpointUrl(CHAT_POOL_STATEMENT_ENDPOINTS.poolStatementCsv, { orgId: team })}?from=2020-01-01&to=2099-12-31`)
      .set(member.auth)
      .expect(200);
    expect(csv.text.trim().split('\n').length).toBe(mine.totalLines + 1);
  });

  it('refuses a key whose owner is not a member of its team', async () => {
    const stranger = await chat.user();
    const key = await chat.apiKey(stranger, { organisationId: team });
    const refused = await caught(ask(clientFor(key.secret)));
    expect(refused.status).toBe(401);
    expect(refused.error).toMatchObject({ code: 'invalid_api_key', message: expect.stringContaining('no longer a member') });
  });

  it('stops a removed member’s team key and web sends within 5 s of the removed event, and leaves their personal key working', async () => {
    const leaving = await chat.user();
    await chat.publish(userRegisteredV1, { userId: leaving.id, email: `${leaving.id.slice(0, 8)}@example.com`, fullName: null, tier: 'free' });
    await join(leaving, 'member', 3);
    await eventually(async () => (await pool()).members.some((row: { userId: string }) => row.userId === leaving.id));
    const teamKey = await chat.apiKey(leaving, { organisationId: team });
    const personalKey = await chat.apiKey(leaving);
    await ask(clientFor(teamKey.secret));

    const removedAt = Date.now();
    await chat.publish(organisationMemberRemovedV1, { organisationId: team, userId: leaving.id, reason: 'removed', members: 2 });
    await eventually(async () => (await caught(ask(clientFor(teamKey.secret)))).status === 401, 5_000);
    const webSend = await fetch(`${chat.url}/api/chat/agents/${agentId}/messages`, {
      method: 'POST',
      headers: { ...leaving.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Still here?', workspace: team }),
    });
    expect(webSend.status).toBe(404);
    expect(Date.now() - removedAt).toBeLessThan(5_000);
    // Their own wallet and key are theirs: only the team's part ended.
    expect((await ask(clientFor(personalKey.secret))).choices[0]?.message.content).toBeTruthy();
  });
});
