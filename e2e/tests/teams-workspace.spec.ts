import type { APIRequestContext, Page } from '@playwright/test';
import { bearer, createAccount, signInBrowser, uniqueEmail, type Account } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { expectNoSidewaysScroll } from '../support/site';

const AGENT = 'Meeting Prep Assistant';
const PHONE = { width: 375, height: 812 };

const credits = (total: number) => `${total.toLocaleString('en-US')} credits`;
const headerBalance = (page: Page) => page.getByRole('banner').getByTestId('header-balance').filter({ visible: true });
const workspaceSwitch = (page: Page) => page.getByRole('banner').getByRole('combobox', { name: 'Workspace' }).filter({ visible: true });

/** A team of the owner's, with two Starter seats bought by card on the local provider's page: its pool is filled by billing's event. */
async function teamWithPool(request: APIRequestContext, owner: Account, name: string): Promise<string> {
  const created = await request.post('/api/identity/organisations', { headers: bearer(owner), data: { name, slug: `ws-${Date.now().toString(36)}` } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const checkout = await request.post(`/api/billing/organisations/${id}/checkout`, {
    headers: bearer(owner),
    data: { kind: 'plan', planId: 'starter', billingPeriod: 'monthly', seats: 2 },
  });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const { url } = (await checkout.json()) as { url: string };
  const paid = await request.post(url, { form: { cardNumber: '4242 4242 4242 4242' }, maxRedirects: 0 });
  expect(paid.status(), await paid.text()).toBe(303);
  await expect.poll(async () => (await pool(request, owner, id)).total, { timeout: 20_000 }).toBeGreaterThan(0);
  return id;
}

async function pool(request: APIRequestContext, who: Account, orgId: string): Promise<{ total: number }> {
  const response = await request.get(`/api/chat/organisations/${orgId}/pool`, { headers: bearer(who) });
  if (!response.ok()) return { total: 0 };
  const body = (await response.json()) as { creditsRemaining: number; purchasedCredits: number };
  return { total: body.creditsRemaining + body.purchasedCredits };
}

async function personal(request: APIRequestContext, who: Account): Promise<number> {
  const body = (await (await request.get('/api/chat/wallet', { headers: bearer(who) })).json()) as { creditsRemaining: number; purchasedCredits: number };
  return body.creditsRemaining + body.purchasedCredits;
}

test.describe('Workspace switch', () => {
  test('a member switches to their team: chat spends from the pool, the header shows it, the choice survives a reload, Personal comes back', async ({ page, request }) => {
    test.setTimeout(120_000);
    const owner = await createAccount(request, uniqueEmail('ws-owner'), 'Wanda Workspace');
    const teamName = `Pool ${Date.now().toString(36)}`;
    const orgId = await teamWithPool(request, owner, teamName);
    const own = await personal(request, owner);

    await signInBrowser(page, owner);
    await page.goto('/chat');
    await expect(headerBalance(page)).toHaveText(credits(own));
    await expect(workspaceSwitch(page)).toHaveValue('');
    await workspaceSwitch(page).selectOption({ label: teamName });
    const before = (await pool(request, owner, orgId)).total;
    await expect(headerBalance(page)).toHaveText(credits(before));

    const picker = page.getByRole('combobox', { name: 'Agent' });
    await expect(picker.getByRole('option', { name: AGENT })).toBeAttached();
    await picker.selectOption({ label: AGENT });
    await page.getByRole('textbox', { name: 'Message' }).fill('Plan our team stand-up.');
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    await expect(page.getByTestId('streaming-reply')).toHaveCount(0, { timeout: 15_000 });

    // The pool paid; the owner's own wallet did not.
    await expect.poll(async () => (await pool(request, owner, orgId)).total).toBeLessThan(before);
    expect(await personal(request, owner)).toBe(own);
    const after = (await pool(request, owner, orgId)).total;

    await page.reload();
    await expect(workspaceSwitch(page)).toHaveValue(orgId);
    await expect(headerBalance(page)).toHaveText(credits(after));
    await expectNoSeriousAxeViolations(page, 'header');

    await workspaceSwitch(page).selectOption({ label: 'Personal' });
    await expect(headerBalance(page)).toHaveText(credits(own));
    await page.reload();
    await expect(workspaceSwitch(page)).toHaveValue('');

    // At 375 px the switch is in the menu, and works from the keyboard there.
    await page.setViewportSize(PHONE);
    await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
    const mobileSwitch = page.locator('#shell-mobile-menu').getByRole('combobox', { name: 'Workspace' });
    await expect(mobileSwitch).toBeVisible();
    await mobileSwitch.focus();
    await mobileSwitch.selectOption({ label: teamName });
    await expect(mobileSwitch).toHaveValue(orgId);
    await expectNoSidewaysScroll(page, 'the open menu with the workspace switch');
    await expectNoSeriousAxeViolations(page, 'header');
    await mobileSwitch.selectOption({ label: 'Personal' });
  });
});
