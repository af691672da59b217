import type { APIRequestContext, Page } from '@playwright/test';
import { type Account, adminAccount, bearer, createAccount, signInBrowser, uniqueEmail } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { linkTo, nextEmail } from '../support/mailbox';
import { expectNoSidewaysScroll, mainContent } from '../support/site';

const INVITED = /^You are invited to join .+ on Agentdock$/;
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

interface Pool {
  seats: number;
  members: Array<{ userId: string; spentThisPeriod: number; monthlyCap: number | null }>;
}

const poolOf = async (request: APIRequestContext, who: Account, orgId: string): Promise<Pool> =>
  (await (await request.get(`/api/chat/organisations/${orgId}/pool`, { headers: bearer(who) })).json()) as Pool;

/** One message in the team's workspace through the chat API (the header's switch is not needed for it). */
async function sendInTeam(request: APIRequestContext, who: Account, orgId: string) {
  const agents = (await (await request.get('/api/chat/agents', { headers: bearer(who) })).json()) as { agents: Array<{ id: string; producesImages: boolean; tier: string }> };
  const agent = agents.agents.find((candidate) => !candidate.producesImages && candidate.tier === 'free') ?? agents.agents.find((candidate) => !candidate.producesImages)!;
  return request.post(`/api/chat/agents/${agent.id}/messages`, { headers: bearer(who), data: { message: 'Draft our weekly update.', workspace: orgId } });
}

/** A team with Starter for two seats bought through the local checkout, and a second member who joined by the emailed link. */
async function paidTeamWithMember(request: APIRequestContext) {
  const owner = await createAccount(request, uniqueEmail('pool-owner'), 'Pia Owner');
  const name = `Pool Co ${Date.now().toString(36)}`;
  const created = await request.post('/api/identity/organisations', { headers: bearer(owner), data: { name, slug: `pool-${Date.now().toString(36)}` } });
  expect(created.status(), await created.text()).toBe(201);
  const team = (await created.json()) as { id: string; name: string; slug: string };
  // Billing learns the owner from identity's event before it sells the team seats.
  await expect.poll(async () => ((await (await request.get(`/api/billing/organisations/${team.id}`, { headers: bearer(owner) })).json()) as { members: number }).members).toBe(1);
  const checkout = await request.post(`/api/billing/organisations/${team.id}/checkout`, {
    headers: bearer(owner),
    data: { kind: 'plan', planId: 'starter', billingPeriod: 'monthly', seats: 2 },
  });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const paid = await request.post(((await checkout.json()) as { url: string }).url, { form: { cardNumber: '4242 4242 4242 4242', quantity: '2' }, maxRedirects: 0 });
  expect(paid.status(), await paid.text()).toBe(303);
  await expect.poll(async () => (await poolOf(request, owner, team.id)).seats, { timeout: 15_000 }).toBe(2);

  const memberEmail = uniqueEmail('pool-member');
  const invitation = await nextEmail(request, memberEmail, INVITED, async () => {
    const invited = await request.post(`/api/identity/organisations/${team.id}/invitations`, { headers: bearer(owner), data: { email: memberEmail, role: 'member' } });
    expect(invited.status(), await invited.text()).toBe(201);
  });
  const token = new URL(linkTo(invitation, '/team/join'), 'http://site').searchParams.get('token');
  const member = await createAccount(request, memberEmail, 'Max Member');
  const accepted = await request.post(`/api/identity/invitations/${token}/accept`, { headers: bearer(member), data: {} });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  await expect.poll(async () => (await poolOf(request, owner, team.id)).members.length).toBe(2);
  return { owner, member, team };
}

async function expectTeamPageAccessible(page: Page) {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await expect(page.getByTestId('team-pool')).toBeVisible();
    await expectNoSidewaysScroll(page, `the team page at ${viewport.width} px`);
    await expectNoSeriousAxeViolations(page);
  }
  await page.setViewportSize(DESKTOP);
}

test.describe('Teams: the pool on the Team page and organisations in the console', () => {
  test('the owner sees the pool and each member’s usage, caps a member, the member is refused past the cap; the admin finds the team', async ({ page, request }) => {
    test.setTimeout(120_000);
    const { owner, member, team } = await paidTeamWithMember(request);
    const sent = await sendInTeam(request, member, team.id);
    expect(await sent.text()).toContain('event: done');
    const spent = (await poolOf(request, owner, team.id)).members.find((row) => row.userId === member.userId)!.spentThisPeriod;
    expect(spent).toBeGreaterThan(0);

    await signInBrowser(page, owner);
    await page.setViewportSize(DESKTOP);
    await page.goto('/dashboard/team');
    await expect(page.getByTestId('team-pool')).toContainText('Monthly allowance');
    await expect(page.getByTestId('team-pool')).toContainText('for 2 seats');
    const members = page.getByRole('list', { name: 'Team members' });
    const memberRow = members.getByRole('listitem').filter({ hasText: member.email });
    await expect(memberRow).toContainText(`Credits this month${spent.toLocaleString('en-US')}`);
    await expect(memberRow).toContainText('Monthly capNo cap');
    const usage = page.getByRole('region', { name: 'Usage per member' });
    await expect(usage.getByTestId('team-usage-totals').getByRole('row', { name: /Max Member/ })).toContainText(spent.toLocaleString('en-US'));
    await expect(usage.getByRole('img', { name: /Credits used per day/ })).toBeVisible();
    await expectTeamPageAccessible(page);

    // The owner caps the member at what they have spent: the next message is refused, saying why.
    await memberRow.getByRole('button', { name: /Set the monthly cap of/ }).click();
    await memberRow.getByLabel(/Monthly cap for/).fill('-1');
    await memberRow.getByRole('button', { name: 'Save Cap' }).click();
    await expect(memberRow.getByRole('alert')).toHaveText('A cap cannot be negative.');
    await memberRow.getByLabel(/Monthly cap for/).fill(String(spent));
    await memberRow.getByRole('button', { name: 'Save Cap' }).click();
    await expect(page.getByText(`${member.email} can spend up to ${spent.toLocaleString('en-US')} credits a month from the team's pool.`)).toBeVisible();
    await expect(memberRow).toContainText(`Monthly cap${spent.toLocaleString('en-US')} credits`);
    const refused = await sendInTeam(request, member, team.id);
    expect(refused.status()).toBe(402);
    const refusal = ((await refused.json()) as { error: { code: string; message: string } }).error;
    expect(refusal.code).toBe('member_credit_cap_reached');
    expect(refusal.message).toContain(`monthly cap of ${spent.toLocaleString('en-US')} credits your team set for you`);

    // The operator finds the team in the console's list and opens its page.
    const admin = await adminAccount(request);
    await signInBrowser(page, admin);
    await page.goto('/admin?tab=organisations');
    await page.getByRole('searchbox', { name: 'Search by team name, URL name or owner email' }).fill(team.name);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = mainContent(page).getByRole('row').filter({ hasText: owner.email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Starter');
    await expect(row).toContainText(' credits');
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await expectNoSeriousAxeViolations(page);
    }
    await page.setViewportSize(DESKTOP);
    await row.getByRole('button', { name: `Open ${team.name}` }).click();
    await expect(page.getByTestId('organisation-facts')).toContainText('2 of 2 paid seats');
    await expect(page.getByTestId('organisation-subscription')).toContainText('per seat per month');
    await expect(page.getByTestId('organisation-pool')).toContainText(`${spent.toLocaleString('en-US')} credits since`);
    await expect(page.getByRole('region', { name: 'Members table' })).toContainText(member.email);
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await expectNoSidewaysScroll(page, `the organisation page at ${viewport.width} px`);
      await expectNoSeriousAxeViolations(page);
    }
  });
});
