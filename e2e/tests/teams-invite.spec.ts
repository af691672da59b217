import type { Page } from '@playwright/test';
import { createAccount, PASSWORD, signInBrowser, uniqueEmail } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { linkTo, nextEmail, SUBJECTS } from '../support/mailbox';
import { expectNoSidewaysScroll, pageHeading } from '../support/site';

const TEAM_PAGE = '/dashboard/team';
const INVITED = /^You are invited to join .+ on Agentdock$/;
const PHONE = { width: 375, height: 812 };
const NO_SEAT = "The team has no free seat: every paid seat is taken or held by a pending invitation. The team's owner can add seats on the team page.";

const region = (page: Page, name: string) => page.getByRole('region', { name });

test.describe('Teams', () => {
  // The suite's platform runs with TEAM_FREE_SEATS=2 (playwright.config.ts): the owner and one
  // invitation, so the second invitation shows the refusal that sends the owner to add seats.
  test.use({
    expectedConsoleErrors: {
      'the invitation past the seats is refused (409)': ({ text, url }) =>
        text.includes('status of 409') && /^\/api\/identity\/organisations\/[^/]+\/invitations$/.test(new URL(url, 'http://site').pathname),
    },
  });

  test('create a team → invite an address → it signs up from the link on another device, confirms, joins; the owner sees it', async ({ page, request, browser }) => {
    test.setTimeout(90_000);
    const owner = await createAccount(request, uniqueEmail('team-owner'), 'Olivia Owner');
    const inviteeEmail = uniqueEmail('team-invitee');
    const teamName = `Acme ${Date.now().toString(36)}`;
    await signInBrowser(page, owner);

    // Reached from the dashboard.
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Team', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${TEAM_PAGE}$`));
    await expect(pageHeading(page, 'Team')).toBeVisible();
    await expect(page.getByText('You are not in a team yet.', { exact: false })).toBeVisible();
    await page.getByLabel('Team name').fill(teamName);
    await page.getByRole('button', { name: 'Create Team' }).click();
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(teamName) })).toBeVisible();
    await expect(page.getByTestId('team-seats')).toContainText('1 of 2 seats used');

    const invitation = await nextEmail(request, inviteeEmail, INVITED, async () => {
      await region(page, 'Invite someone').getByLabel('Email address').fill(inviteeEmail);
      await region(page, 'Invite someone').getByRole('button', { name: 'Send Invitation' }).click();
      await expect(page.getByText(`An invitation was sent to ${inviteeEmail}.`)).toBeVisible();
    });
    await expect(region(page, 'Pending invitations').getByText(inviteeEmail)).toBeVisible();
    // The second seat is held by the pending invitation.
    await region(page, 'Invite someone').getByLabel('Email address').fill(uniqueEmail('one-too-many'));
    await region(page, 'Invite someone').getByRole('button', { name: 'Send Invitation' }).click();
    await expect(region(page, 'Invite someone').getByRole('alert')).toHaveText(NO_SEAT);
    await expectNoSeriousAxeViolations(page);

    // The invitee: a browser of its own, with no account yet.
    const phone = await browser.newContext({ viewport: PHONE });
    try {
      const invitee = await phone.newPage();
      await invitee.goto(linkTo(invitation, '/team/join'));
      await expect(invitee.getByRole('heading', { name: `Join ${teamName}` })).toBeVisible();
      await expectNoSidewaysScroll(invitee, 'the invitation page');
      await invitee.getByRole('link', { name: 'Create an Account' }).click();
      await expect(invitee.getByText('you come back to the invitation to join the team', { exact: false })).toBeVisible();
      await invitee.getByLabel('Email address').fill(inviteeEmail);
      await invitee.getByLabel('Password (at least 8 characters)').fill(PASSWORD);
      const confirmation = await nextEmail(invitee.request, inviteeEmail, SUBJECTS.confirm, () => invitee.getByRole('button', { name: 'Sign Up' }).click());
      // Confirming lands back on the invitation, signed in as the invited address.
      await invitee.goto(linkTo(confirmation, '/auth/callback'));
      await expect(invitee).toHaveURL(/\/team\/join\?token=/);
      await invitee.getByRole('button', { name: 'Accept Invitation' }).click();
      await expect(invitee).toHaveURL(new RegExp(`${TEAM_PAGE}$`));
      await expect(invitee.getByRole('heading', { level: 2, name: new RegExp(teamName) })).toBeVisible();
      await expect(invitee.getByRole('list', { name: 'Team members' }).getByText(`${owner.email}`, { exact: false })).toBeVisible();
      await expectNoSidewaysScroll(invitee, 'the team page');
    } finally {
      await phone.close();
    }

    // The owner sees the new member, the freed invitation and the log.
    await page.reload();
    await expect(page.getByRole('list', { name: 'Team members' }).getByText(inviteeEmail, { exact: true })).toBeVisible();
    await expect(page.getByTestId('team-seats')).toContainText('2 of 2 seats used');
    await expect(region(page, 'Pending invitations').getByText('No invitations are waiting for an answer.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Team activity' }).getByText('Joined', { exact: true })).toBeVisible();
  });
});
