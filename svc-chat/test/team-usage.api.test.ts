import { randomUUID } from 'node:crypto';
import { CHAT_ADMIN_POOL_ENDPOINTS, CHAT_POOL_ENDPOINTS, CHAT_POOL_STATEMENT_ENDPOINTS, endpointUrl, organisationMemberRemovedV1 } from '@agentdock/contracts';
import { rollupDifferences } from '@agentdock/service-data';
import { checkTeamAccessMatrix, eventually } from '@agentdock/service-kit/testing';
import request from 'supertest';
import { chatRollups, chatWalletLedger } from '../src/db/schema';
import { ChatHarness, DRIVER, parseSse, type User } from './harness';

type Principal = 'owner' | 'admin' | 'member' | 'outsider' | 'removed';
const today = () => new Date().toISOString().slice(0, 10);

describe(`a team's usage per member and day, and the pool in the admin console, on ${DRIVER}`, () => {
  let chat: ChatHarness;
  let agentId: string;
  let team: string;
  let people: Record<Principal, User>;
  let operator: User;
  const usagePath = () => endpointUrl(CHAT_POOL_ENDPOINTS.usage, { orgId: team });
  const usage = (user: User, query: Record<string, string> = {}) => request(chat.url).get(usagePath()).query(query).set(user.auth);

  async function send(user: User) {
    const response = await fetch(`${chat.url}/api/chat/agents/${agentId}/messages`, {
      method: 'POST',
      headers: { ...user.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Plan our week', workspace: team }),
    });
    const events = parseSse(await response.text());
    expect(response.status).toBe(200);
    return (events.find((event) => event.event === 'done')!.data as { reply: { creditsUsed: number } }).reply.creditsUsed;
  }

  beforeAll(async () => {
    chat = await ChatHarness.start({});
    agentId = (await chat.agent({ tier: 'starter' })).id;
    people = { owner: await chat.user(), admin: await chat.user(), member: await chat.user(), outsider: await chat.user(), removed: await chat.user() };
    operator = await chat.user({ admin: true });
    team = await chat.team(
      [
        { user: people.owner, role: 'owner' },
        { user: people.admin, role: 'admin' },
        { user: people.member, role: 'member' },
        { user: people.removed, role: 'member' },
      ],
      4,
      'sub_usage',
    );
  }, 60_000);
  afterAll(() => chat.close());

  it('counts each member’s credits and replies per day from the rollup, agreeing with the ledger, and tells when they were last active', async () => {
    const byMember = await send(people.member);
    const byOwner = (await send(people.owner)) + (await send(people.owner));
    // The removed member spent before leaving: their day stays in the rollup, not in the answer.
    await send(people.removed);
    await chat.publish(organisationMemberRemovedV1, { organisationId: team, userId: people.removed.id, reason: 'removed', members: 3 });
    await eventually(async () => (await usage(people.removed)).status === 404);

    const seen = (await usage(people.admin).expect(200)).body;
    expect(seen.to).toBe(today());
    expect(seen.members.map((row: { userId: string }) => row.userId).sort()).toEqual([people.owner.id, people.admin.id, people.member.id].sort());
    const dayOf = (user: User) => seen.members.find((row: { userId: string }) => row.userId === user.id).days.find((day: { date: string }) => day.date === today());
    expect(dayOf(people.member)).toEqual({ date: today(), credits: byMember, messages: 1 });
    expect(dayOf(people.owner)).toEqual({ date: today(), credits: byOwner, messages: 2 });
    expect(dayOf(people.admin)).toEqual({ date: today(), credits: 0, messages: 0 });
    // Every day of the range is there, oldest first.
    expect(seen.members[0].days.map((day: { date: string }) => day.date)).toEqual([seen.from, today()].filter((date, index, all) => all.indexOf(date) === index));

    // What the rollup holds is what the pool's ledger says, day by day.
    expect(await rollupDifferences(chat.db, chatRollups)).toEqual([]);
    const ledger = await chat.db.select().from(chatWalletLedger);
    const spentByMember = -ledger.filter((row) => row.memberId === people.member.id).reduce((sum, row) => sum + row.planDelta + row.purchasedDelta, 0);
    expect(spentByMember).toBe(byMember);

    const pool = (
      await request(chat.url)
        .get(endpointUrl(CHAT_POOL_ENDPOINTS.pool, { orgId: team }))
        .set(people.owner.auth)
        .expect(200)
    ).body;
    const row = (user: User) => pool.members.find((entry: { userId: string }) => entry.userId === user.id);
    expect(Date.now() - Date.parse(row(people.member).lastActiveAt)).toBeLessThan(60_000);
    expect(row(people.admin).lastActiveAt).toBeNull();
  });

  it('shows a member their own days only, and reads a chosen range (bad ranges are 400 with the reason)', async () => {
    const mine = (await usage(people.member).expect(200)).body;
    expect(mine.members.map((row: { userId: string }) => row.userId)).toEqual([people.member.id]);

    const ranged = (await usage(people.owner, { from: '2026-01-01', to: '2026-01-03' }).expect(200)).body;
    expect(ranged).toMatchObject({ from: '2026-01-01', to: '2026-01-03' });
    expect(ranged.members[0].days).toEqual([
      { date: '2026-01-01', credits: 0, messages: 0 },
      { date: '2026-01-02', credits: 0, messages: 0 },
      { date: '2026-01-03', credits: 0, messages: 0 },
    ]);
    for (const [query, message] of [
      [{ from: '2026-01-05', to: '2026-01-01' }, 'The end of the range must not be before its start.'],
      [{ from: '2024-01-01', to: '2026-01-01' }, 'Choose a range of at most 366 days.'],
      [{ from: 'yesterday', to: '2026-01-01' }, 'Enter a date as YYYY-MM-DD.'],
    ] as const) {
      const refused = await usage(people.owner, query);
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(message);
    }
    // A stranger learns nothing from a bad query: the team does not exist for them.
    expect((await usage(people.outsider, { from: 'x' })).status).toBe(404);
  });

  it('gives admins the pool of a team and the balances of a list of teams; nobody else', async () => {
    const detail = (
      await request(chat.url)
        .get(endpointUrl(CHAT_ADMIN_POOL_ENDPOINTS.pool, { orgId: team }))
        .set(operator.auth)
        .expect(200)
    ).body;
    expect(detail).toMatchObject({ organisationId: team, seats: 4, tier: 'starter' });
    expect(detail.members).toHaveLength(3);
    expect(detail.spentThisPeriod).toBe(detail.members.reduce((sum: number, member: { spentThisPeriod: number }) => sum + member.spentThisPeriod, 0));
    expect(detail.spentThisPeriod).toBeGreaterThan(0);
    expect(
      (
        await request(chat.url)
          .get(endpointUrl(CHAT_ADMIN_POOL_ENDPOINTS.pool, { orgId: randomUUID() }))
          .set(operator.auth)
      ).status,
    ).toBe(404);

    const unknown = randomUUID();
    const listed = (
      await request(chat.url)
        .get(CHAT_ADMIN_POOL_ENDPOINTS.pools.base + CHAT_ADMIN_POOL_ENDPOINTS.pools.route)
        .query({ organisationIds: `${team},${unknown}` })
        .set(operator.auth)
        .expect(200)
    ).body;
    expect(listed.pools).toEqual([expect.objectContaining({ organisationId: team, seats: 4, creditsRemaining: detail.creditsRemaining })]);
    expect(
      (
        await request(chat.url)
          .get(CHAT_ADMIN_POOL_ENDPOINTS.pools.base + CHAT_ADMIN_POOL_ENDPOINTS.pools.route)
          .query({ organisationIds: 'not-a-team' })
          .set(operator.auth)
      ).status,
    ).toBe(400);
    // A person's own wallet is not a team's pool.
    const personal = (
      await request(chat.url)
        .get(CHAT_ADMIN_POOL_ENDPOINTS.pools.base + CHAT_ADMIN_POOL_ENDPOINTS.pools.route)
        .query({ organisationIds: people.member.id })
        .set(operator.auth)
        .expect(200)
    ).body;
    expect(personal.pools).toEqual([]);
  });

  it('answers every team endpoint of svc-chat × {owner, admin, member, outsider, removed member} as the team table says', async () => {
    const notAnAdmin = { owner: 403, admin: 403, member: 403, outsider: 403, removed: 403 } as const;
    const table = {
      [`GET ${CHAT_POOL_ENDPOINTS.pool.base}${CHAT_POOL_ENDPOINTS.pool.route}`]: 'member',
      [`GET ${CHAT_POOL_ENDPOINTS.usage.base}${CHAT_POOL_ENDPOINTS.usage.route}`]: 'member',
      [`PUT ${CHAT_POOL_ENDPOINTS.setMemberCap.base}${CHAT_POOL_ENDPOINTS.setMemberCap.route}`]: 'admin',
      // Every member reads the pool's statement (a member their own lines of it).
      [`GET ${CHAT_POOL_STATEMENT_ENDPOINTS.poolStatement.base}${CHAT_POOL_STATEMENT_ENDPOINTS.poolStatement.route}`]: 'member',
      [`GET ${CHAT_POOL_STATEMENT_ENDPOINTS.poolStatementCsv.base}${CHAT_POOL_STATEMENT_ENDPOINTS.poolStatementCsv.route}`]: 'member',
      [`GET ${CHAT_ADMIN_POOL_ENDPOINTS.pool.base}${CHAT_ADMIN_POOL_ENDPOINTS.pool.route}`]: notAnAdmin,
    } as const;
    const result = await checkTeamAccessMatrix({
      server: chat.service.server,
      url: chat.url,
      table,
      teamParam: 'orgId',
      teamId: team,
      principals: { owner: people.owner.auth, admin: people.admin.auth, member: people.member.auth, outsider: people.outsider.auth, removed: people.removed.auth },
    });
    console.info(`svc-chat team access matrix: ${result.endpoints} endpoints, ${result.calls} calls`);
    expect(result.problems).toEqual([]);
    expect(result.endpoints).toBe(Object.keys(table).length);
  });
});
