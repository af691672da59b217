import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { adminAccount, bearer, createAccount, signInBrowser } from '../support/accounts';
import { buyStarterByApi, replyByApi } from '../support/billing';
import { expect, test } from '../support/fixtures';
import { expectNoSidewaysScroll, mainContent, pageHeading } from '../support/site';
import { expectNoWordBrokenInTables, visibleTables, wordsBrokenInTables } from '../support/word-wraps';

// Issue 46: every table of the console and the customer's dashboard fits 1280 and 375 px without a
// badge, heading or figure broken inside a word; plans and courses by name; long emails cut, whole
// on hover and focus.

const WIDTHS = [1280, 375];

/** Waits until nothing on the page is loading, then opens every `<details>` so the tables in them are laid out too. */
async function settle(page: Page): Promise<void> {
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await page.evaluate(() => document.querySelectorAll('details').forEach((details) => (details.open = true)));
}

async function expectTablesFit(page: Page, where: string, atLeast: number): Promise<void> {
  await settle(page);
  expect(await visibleTables(page), `tables shown on ${where}`).toBeGreaterThanOrEqual(atLeast);
  await expectNoWordBrokenInTables(page, where);
  await expectNoSidewaysScroll(page, where);
}

test('every console and dashboard table keeps its words whole at 1280 and 375 px, with names and cut emails', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const run = randomUUID().slice(0, 8);
  // The longest address a customer might have, and a name that says SUSPENDED in the list.
  const customer = await createAccount(request, `a-very-long-address-for-the-accounts-team-${run}@subsidiary.example-enterprise.com`, `Ana Longname ${run}`);
  const suspended = await createAccount(request, `suspended-${run}@example.com`, `Sam Suspended ${run}`);
  await buyStarterByApi(request, customer);
  await replyByApi(request, customer);
  const admin = await adminAccount(request);
  const suspension = await request.patch(`/api/identity/admin/users/${suspended.userId}`, { headers: bearer(admin), data: { isSuspended: true } });
  expect(suspension.ok(), await suspension.text()).toBe(true);
  await signInBrowser(page, admin);

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });

    await page.goto('/admin?tab=overview');
    await expect(pageHeading(page, 'Admin Dashboard')).toBeVisible();
    const byPlan = mainContent(page).getByRole('table', { name: 'Paying customers by plan' });
    // Earlier specs may leave Starter on more than one row (monthly and annual billing).
    await expect(byPlan.getByRole('cell', { name: 'Starter', exact: true }).first()).toBeVisible();
    await expect(byPlan.getByRole('cell', { name: 'starter', exact: true })).toHaveCount(0);
    await expectTablesFit(page, `the overview at ${width} px`, 3);

    await page.goto(`/admin?tab=users&q=${run}`);
    const rows = mainContent(page).getByRole('table').getByRole('row');
    await expect(rows.filter({ hasText: customer.email })).toHaveCount(1);
    await expect(rows.filter({ hasText: suspended.email }).getByText('Suspended', { exact: true })).toBeVisible();
    await expect(rows.filter({ hasText: customer.email }).locator('.ad-tier-badge')).toHaveText('Starter');
    await expectTablesFit(page, `the users list at ${width} px`, 1);
    // The address is cut to its column; its title holds it whole, and it takes focus for keyboard users.
    const email = rows.filter({ hasText: customer.email }).getByTitle(customer.email, { exact: true });
    await expect(email).toHaveAttribute('tabindex', '0');
    expect(await email.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);

    await page.goto(`/admin?tab=users&user=${customer.userId}`);
    await expect(page.getByTestId('customer-payments')).toContainText('$50');
    await expect(page.getByRole('table', { name: 'Statement' }).getByTestId('statement-line').first()).toBeVisible();
    await expectTablesFit(page, `the customer page at ${width} px`, 2);
  }

  const context = await browser.newContext();
  const own = await context.newPage();
  await signInBrowser(own, customer);
  for (const width of WIDTHS) {
    await own.setViewportSize({ width, height: 900 });
    await own.goto('/dashboard');
    await expect(pageHeading(own, `Welcome back, Ana Longname ${run}`)).toBeVisible();
    // The credits chart's figures as a table (in its closed "show as table" box, opened here).
    await expectTablesFit(own, `the dashboard at ${width} px`, 1);
    await own.goto('/dashboard?tab=usage');
    await expect(own.getByRole('table', { name: 'Statement' }).getByTestId('statement-line').first()).toBeVisible();
    await expectTablesFit(own, `the dashboard's usage at ${width} px`, 1);
  }
  await context.close();
});

test('the check notices a figure broken over two lines, and passes the same table laid out whole', async ({ page }) => {
  const table = (wrap: string) => `<table style="width:60px;font:16px sans-serif"><tr><th>MESSAGES</th><td style="overflow-wrap:${wrap}">72,000</td></tr></table>`;
  await page.setContent(`<main>${table('anywhere')}</main>`);
  expect(await wordsBrokenInTables(page)).toEqual(['"72,000" in "72,000"']);
  await page.setContent(`<main>${table('normal')}</main>`);
  expect(await wordsBrokenInTables(page)).toEqual([]);
});
