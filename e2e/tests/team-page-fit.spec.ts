import { randomUUID } from 'node:crypto';
import type { Locator } from '@playwright/test';
import { bearer, createAccount, signInBrowser } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { linkTo, nextEmail } from '../support/mailbox';
import { expectNoSidewaysScroll, pageHeading } from '../support/site';
import { wordsBrokenIn } from '../support/word-wraps';

// The Team page on a 375 px phone: a long member or invited address is cut to the card with an
// ellipsis, whole in its title (hover) and reachable by keyboard, as in the console's users list,
// instead of broken inside a word over two lines.

const PHONE = { width: 375, height: 812 };
const INVITED = /^You are invited to join .+ on Agentdock$/;

/** The address is one line cut to its box, its title holds it whole, and it takes keyboard focus. */
async function expectCut(email: Locator): Promise<void> {
  await expect(email).toBeVisible();
  await expect(email).toHaveAttribute('tabindex', '0');
  expect(await email.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
}

test('long addresses on the Team page are cut whole-worded at 375 px, in full on hover and focus', async ({ page, request }) => {
  test.setTimeout(90_000);
  const run = randomUUID().slice(0, 8);
  // The owner has no name, so their address stands for it (with "(you)"); the member has a name and the address beneath.
  const owner = await createAccount(request, `a-very-long-address-for-the-team-owner-${run}@subsidiary.example-enterprise.com`, null);
  const memberEmail = `another-very-long-address-of-a-team-member-${run}@subsidiary.example-enterprise.com`;
  const created = await request.post('/api/identity/organisations', { headers: bearer(owner), data: { name: `Fit ${run}`, slug: `fit-${run}` } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await page.setViewportSize(PHONE);
  await signInBrowser(page, owner);
  await page.goto('/dashboard/team');
  await expect(pageHeading(page, 'Team')).toBeVisible();
  const members = page.getByRole('list', { name: 'Team members' });
  await expect(members.getByText(owner.email)).toBeVisible();
  await expect(members.getByText('(you)', { exact: true })).toBeVisible();
  expect(await wordsBrokenIn(members), 'words broken in the members list at 375 px').toEqual([]);
  await expectCut(members.getByTitle(owner.email, { exact: true }));

  const invitation = await nextEmail(request, memberEmail, INVITED, async () => {
    const invited = await request.post(`/api/identity/organisations/${id}/invitations`, { headers: bearer(owner), data: { email: memberEmail, role: 'member' } });
    expect(invited.ok(), await invited.text()).toBe(true);
  });
  await page.reload();
  const pending = page.getByRole('region', { name: 'Pending invitations' });
  await expect(pending.getByText(memberEmail, { exact: true })).toBeVisible();
  expect(await wordsBrokenIn(pending), 'words broken in the pending invitations at 375 px').toEqual([]);
  await expectCut(pending.getByTitle(memberEmail, { exact: true }));

  const member = await createAccount(request, memberEmail, `Mia Member ${run}`);
  const token = new URL(linkTo(invitation, '/team/join'), 'http://site').searchParams.get('token');
  const accepted = await request.post(`/api/identity/invitations/${token}/accept`, { headers: bearer(member), data: {} });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  await page.reload();
  await expect(members.getByText(`Mia Member ${run}`, { exact: true })).toBeVisible();
  await expect(members.getByText(memberEmail, { exact: true })).toBeVisible();
  expect(await wordsBrokenIn(members), 'words broken in the members list at 375 px').toEqual([]);
  await expectCut(members.getByTitle(owner.email, { exact: true }));
  await expectCut(members.getByTitle(memberEmail, { exact: true }));
  // The usage per member: its headers and figures whole, a long address cut like the others.
  const totals = page.getByTestId('team-usage-totals');
  await expect(totals.getByText(owner.email, { exact: true })).toBeVisible();
  expect(await wordsBrokenIn(totals), 'words broken in the usage per member at 375 px').toEqual([]);
  await expectNoSidewaysScroll(page, 'the Team page at 375 px');
});
