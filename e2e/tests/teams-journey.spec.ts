import type { APIRequestContext, Page } from '@playwright/test';
import { type Account, bearer, createAccount, PASSWORD, signInBrowser, uniqueEmail } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { linkTo, nextEmail, SUBJECTS } from '../support/mailbox';

const TEAM_PAGE = '/dashboard/team';
const INVITED = /^You are invited to join .+ on Agentdock$/;
const AGENT = 'Meeting Prep Assistant';
const DESKTOP = { width: 1280, height: 900 };
const CAP_REFUSAL = /^You have reached the monthly cap of [\d,]+ credits your team set for you\./;

const region = (page: Page, name: string) => page.getByRole('region', { name });
const seatsCard = (page: Page) => region(page, 'Seats');
const memberRow = (page: Page, email: string) => page.getByRole('list', { name: 'Team members' }).getByRole('listitem').filter({ hasText: email });

interface Pool {
  members: Array<{ userId: string; spentThisPeriod: number }>;
}
const poolOf = async (request: APIRequestContext, who: Account, orgId: string): Promise<Pool> =>
  (await (await request.get(`/api/chat/organisations/${orgId}/pool`, { headers: bearer(who) })).json()) as Pool;

/** The invitation's email, sent from the Team page's form. */
async function inviteFromPage(page: Page, request: APIRequestContext, email: string) {
  return nextEmail(request, email, INVITED, async () => {
    await region(page, 'Invite someone').getByLabel('Email address').fill(email);
    await region(page, 'Invite someone').getByRole('button', { name: 'Send Invitation' }).click();
    await expect(page.getByText(`An invitation was sent to ${email}.`)).toBeVisible();
  });
}

/** Chooses the team in the header's workspace switch and sends one message from the chat page. */
async function chatInTeam(page: Page, teamName: string, message: string) {
  await page.goto('/chat');
  await page.getByRole('banner').getByRole('combobox', { name: 'Workspace' }).filter({ visible: true }).selectOption({ label: teamName });
  const picker = page.getByRole('combobox', { name: 'Agent' });
  await expect(picker.getByRole('option', { name: AGENT })).toBeAttached();
  await picker.selectOption({ label: AGENT });
  await page.getByRole('textbox', { name: 'Message' }).fill(message);
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
}

test.describe('Teams, the whole journey', () => {
  test.use({
    expectedConsoleErrors: {
      'the capped member’s message is refused (402)': ({ text, url }) =>
        text.includes('status of 402') && /^\/api\/chat\/agents\/[^/]+\/messages$/.test(new URL(url, 'http://site').pathname),
    },
  });

  test('buy 3 seats → invite two → one joins on a new account, one on an existing → both chat from the pool → usage and a cap → refusal → removal → 3 seats to 2', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(240_000);
    const owner = await createAccount(request, uniqueEmail('journey-owner'), 'Otto Owner');
    const existing = await createAccount(request, uniqueEmail('journey-existing'), 'Erin Existing');
    const newcomerEmail = uniqueEmail('journey-new');
    const teamName = `Journey ${Date.now().toString(36)}`;

    // The owner creates the team and buys Starter for three seats on the provider's page.
    await signInBrowser(page, owner);
    await page.setViewportSize(DESKTOP);
    await page.goto(TEAM_PAGE);
    await page.getByLabel('Team name').fill(teamName);
    await page.getByRole('button', { name: 'Create Team' }).click();
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(teamName) })).toBeVisible();
    await seatsCard(page).getByLabel('Plan').selectOption({ label: 'Starter' });
    await seatsCard(page).getByLabel('Seats').fill('3');
    await seatsCard(page).getByRole('button', { name: 'Buy Seats' }).click();
    await expect(page).toHaveURL(/\/checkout\/cs_test_/);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/dashboard\/team\?subscription=success/);
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId('team-seats').textContent();
        },
        { timeout: 20_000 },
      )
      .toContain('1 of 3 seats used · 3 paid');
    const listed = (await (await request.get('/api/identity/organisations', { headers: bearer(owner) })).json()) as { organisations: Array<{ id: string; name: string }> };
    const team = listed.organisations.find((candidate) => candidate.name === teamName)!;

    // Two invitations: a new address and an existing account.
    const toNewcomer = await inviteFromPage(page, request, newcomerEmail);
    const toExisting = await inviteFromPage(page, request, existing.email);
    await expect(page.getByTestId('team-seats')).toContainText('1 of 3 seats used, 2 held by pending invitations · 3 paid');

    const newcomerContext = await browser.newContext({ viewport: DESKTOP });
    const existingContext = await browser.newContext({ viewport: DESKTOP });
    try {
      // The new address signs up from the link, confirms, and comes back to join.
      const newcomer = await newcomerContext.newPage();
      await newcomer.goto(linkTo(toNewcomer, '/team/join'));
      await newcomer.getByRole('link', { name: 'Create an Account' }).click();
      await newcomer.getByLabel('Email address').fill(newcomerEmail);
      await newcomer.getByLabel('Password (at least 8 characters)').fill(PASSWORD);
      const confirmation = await nextEmail(newcomer.request, newcomerEmail, SUBJECTS.confirm, () => newcomer.getByRole('button', { name: 'Sign Up' }).click());
      await newcomer.goto(linkTo(confirmation, '/auth/callback'));
      await expect(newcomer).toHaveURL(/\/team\/join\?token=/);
      await newcomer.getByRole('button', { name: 'Accept Invitation' }).click();
      await expect(newcomer).toHaveURL(new RegExp(`${TEAM_PAGE}$`));

      // The existing account signs in and accepts.
      const member = await existingContext.newPage();
      await signInBrowser(member, existing);
      await member.goto(linkTo(toExisting, '/team/join'));
      await member.getByRole('button', { name: 'Accept Invitation' }).click();
      await expect(member).toHaveURL(new RegExp(`${TEAM_PAGE}$`));

      // Both chat from the team's pool, chosen in the header.
      await chatInTeam(newcomer, teamName, 'Summarise our onboarding checklist.');
      await expect(newcomer.getByTestId('streaming-reply')).toHaveCount(0, { timeout: 15_000 });
      await chatInTeam(member, teamName, 'Plan our quarterly review.');
      await expect(member.getByTestId('streaming-reply')).toHaveCount(0, { timeout: 15_000 });
      await expect.poll(async () => (await poolOf(request, owner, team.id)).members.filter((row) => row.spentThisPeriod > 0).length, { timeout: 15_000 }).toBe(2);
      const spent = (await poolOf(request, owner, team.id)).members.find((row) => row.userId === existing.userId)!.spentThisPeriod;

      // The owner sees each member's usage and caps the existing member at what they spent.
      await page.reload();
      await expect(memberRow(page, newcomerEmail)).not.toContainText('Credits this month0');
      const capped = memberRow(page, existing.email);
      await expect(capped).toContainText(`Credits this month${spent.toLocaleString('en-US')}`);
      await capped.getByRole('button', { name: /Set the monthly cap of/ }).click();
      await capped.getByLabel(/Monthly cap for/).fill(String(spent));
      await capped.getByRole('button', { name: 'Save Cap' }).click();
      await expect(capped).toContainText(`Monthly cap${spent.toLocaleString('en-US')} credits`);

      // Past the cap the member's next message is refused, saying why.
      await chatInTeam(member, teamName, 'One more question for the review.');
      await expect(member.getByText(CAP_REFUSAL)).toBeVisible();

      // The owner removes that member: within 5 s every service refuses them the team.
      await capped.getByRole('button', { name: /^Remove / }).click();
      await capped.getByRole('button', { name: 'Remove Member' }).click();
      const removedAt = Date.now();
      await expect(memberRow(page, existing.email)).toHaveCount(0);
      await expect
        .poll(async () => (await request.get(`/api/chat/organisations/${team.id}/pool`, { headers: bearer(existing) })).status(), { timeout: 5_000, intervals: [100, 250, 500] })
        .toBe(404);
      await expect
        .poll(async () => (await request.get(`/api/identity/organisations/${team.id}`, { headers: bearer(existing) })).status(), { timeout: 5_000, intervals: [100, 250, 500] })
        .toBe(404);
      expect(Date.now() - removedAt).toBeLessThan(5_000);

      // Three paid seats for two members: the owner sees the proration before lowering to two.
      await seatsCard(page).getByLabel('Seats').fill('2');
      await seatsCard(page).getByRole('button', { name: 'Preview Change' }).click();
      await expect(page.getByTestId('seat-preview')).toHaveText(/^Changing to 2 seats credits \$[\d,.]+ to your next invoice\.$/);
      await seatsCard(page).getByRole('button', { name: 'Change to 2 Seats' }).click();
      await expect(seatsCard(page)).toContainText('2 paid seats, 2 in use.');
      await expect
        .poll(
          async () => {
            await page.reload();
            return page.getByTestId('team-seats').textContent();
          },
          { timeout: 15_000 },
        )
        .toContain('2 of 2 seats used · 2 paid');
    } finally {
      await newcomerContext.close();
      await existingContext.close();
    }
  });
});
