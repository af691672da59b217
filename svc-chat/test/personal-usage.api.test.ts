import { CHAT_ADMIN_ENDPOINTS, CHAT_POOL_ENDPOINTS, endpointUrl, type UsageSummary } from '@agentdock/contracts';
import request from 'supertest';
import { ChatHarness, DRIVER, parseSse, type User } from './harness';

const today = () => new Date().toISOString().slice(0, 10);

// The personal dashboard's usage (GET /api/chat/usage) is what the person's own wallet paid for: a
// reply they sent from a team's workspace is the team pool's, shown on the team's usage, never in
// their own figures as well (their wallet did not pay for it, so it would not match their balance).
describe(`a person's own usage leaves out their replies in a team's workspace, on ${DRIVER}`, () => {
  let chat: ChatHarness;
  let agentId: string;
  let team: string;
  let member: User;
  let owner: User;

  async function send(user: User, workspace?: string) {
    return (await reply(user, workspace)).creditsUsed;
  }

  async function reply(user: User, workspace?: string) {
    const response = await fetch(`${chat.url}/api/chat/agents/${agentId}/messages`, {
      method: 'POST',
      headers: { ...user.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Plan our week', ...(workspace && { workspace }) }),
    });
    const events = parseSse(await response.text());
    expect(response.status).toBe(200);
    return (events.find((event) => event.event === 'done')!.data as { reply: { id: string; creditsUsed: number } }).reply;
  }

  beforeAll(async () => {
    chat = await ChatHarness.start({});
    agentId = (await chat.agent({ tier: 'starter' })).id;
    owner = await chat.user({ tier: 'starter' });
    member = await chat.user({ tier: 'starter' });
    team = await chat.team(
      [
        { user: owner, role: 'owner' },
        { user: member, role: 'member' },
      ],
      2,
      'sub_personal_usage',
    );
  }, 60_000);
  afterAll(() => chat.close());

  it('counts only the replies the personal wallet paid for, in the totals, the days and this period; the team shows its own', async () => {
    const personal = await send(member);
    const inTeam = (await send(member, team)) + (await send(member, team));
    expect(personal).toBeGreaterThan(0);
    expect(inTeam).toBeGreaterThan(0);

    const usage = (await request(chat.url).get('/api/chat/usage').set(member.auth).expect(200)).body as UsageSummary;
    expect(usage.messageCount).toBe(1);
    expect(usage.totalCreditsUsed).toBe(personal);
    expect(usage.daily.find((day) => day.date === today())).toMatchObject({ creditsUsed: personal, messages: 1 });
    expect(usage.thisPeriod).toMatchObject({ webCredits: personal, webReplies: 1 });
    // What "used" says is what the wallet lost: the team's replies did not touch it.
    const wallet = (await request(chat.url).get('/api/chat/wallet').set(member.auth).expect(200)).body as { creditsLimit: number; creditsRemaining: number };
    expect(wallet.creditsLimit - wallet.creditsRemaining).toBe(personal);

    // The team's replies are on the team's usage, under the member.
    const teamUsage = (
      await request(chat.url)
        .get(endpointUrl(CHAT_POOL_ENDPOINTS.usage, { orgId: team }))
        .set(member.auth)
        .expect(200)
    ).body as { members: Array<{ userId: string; days: Array<{ date: string; credits: number; messages: number }> }> };
    expect(teamUsage.members.find((row) => row.userId === member.id)?.days.find((day) => day.date === today())).toEqual({ date: today(), credits: inTeam, messages: 2 });

    // Someone who never sent from their own wallet has no personal usage at all.
    await send(owner, team);
    const owners = (await request(chat.url).get('/api/chat/usage').set(owner.auth).expect(200)).body as UsageSummary;
    expect(owners).toMatchObject({ messageCount: 0, totalCreditsUsed: 0, totalTokens: 0 });
    expect(owners.daily.every((day) => day.creditsUsed === 0 && day.messages === 0)).toBe(true);
  });

  it('lists on the console only the replies the person paid for, and refunds a team reply to the pool that paid, not to its sender', async () => {
    const operator = await chat.user({ admin: true });
    const own = await reply(member);
    const teams = await reply(member, team);
    const listed = (
      await request(chat.url)
        .get(endpointUrl(CHAT_ADMIN_ENDPOINTS.recentReplies, { userId: member.id }))
        .query({ limit: 50 })
        .set(operator.auth)
        .expect(200)
    ).body as { messages: Array<{ id: string }> };
    expect(listed.messages.map((message) => message.id)).toContain(own.id);
    expect(listed.messages.map((message) => message.id)).not.toContain(teams.id);
    // The team's replies are listed by the team they were sent from.
    const inTeam = (
      await request(chat.url)
        .get(endpointUrl(CHAT_ADMIN_ENDPOINTS.recentReplies, { userId: member.id }))
        .query({ limit: 50, organisationId: team })
        .set(operator.auth)
        .expect(200)
    ).body as { messages: Array<{ id: string; creditsUsed: number }> };
    // Newest first: this one, then the two the member sent from the team in the test before.
    expect(inTeam.messages.map((message) => message.id)).toHaveLength(3);
    expect(inTeam.messages[0]).toMatchObject({ id: teams.id, creditsUsed: teams.creditsUsed });
    expect(inTeam.messages.map((message) => message.id)).not.toContain(own.id);
    await request(chat.url)
      .get(endpointUrl(CHAT_ADMIN_ENDPOINTS.recentReplies, { userId: member.id }))
      .query({ organisationId: 'not-a-team' })
      .set(operator.auth)
      .expect(400);

    const personalBefore = (await chat.wallet(member.id))!;
    const poolBefore = (await chat.wallet(team))!;
    await request(chat.url)
      .post(endpointUrl(CHAT_ADMIN_ENDPOINTS.refund, { messageId: teams.id }))
      .set(operator.auth)
      .send({ reason: 'Reply was off topic' })
      .expect(200);
    const personalAfter = (await chat.wallet(member.id))!;
    const poolAfter = (await chat.wallet(team))!;
    expect(poolAfter.creditsRemaining + poolAfter.purchasedCredits - (poolBefore.creditsRemaining + poolBefore.purchasedCredits)).toBe(teams.creditsUsed);
    expect(personalAfter.creditsRemaining + personalAfter.purchasedCredits).toBe(personalBefore.creditsRemaining + personalBefore.purchasedCredits);
  });
});
