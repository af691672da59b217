import { TOTP } from 'otpauth';
import type { APIRequestContext, Page } from '@playwright/test';
import { type Account, adminAccount, bearer, createAccount, signInBrowser } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { buyStarterByApi } from '../support/billing';
import { expect, test } from '../support/fixtures';
import { mainContent, pageHeading } from '../support/site';

// The operator's cockpit against the real platform: a test-card checkout shows in the overview's
// figures and chart, the users filter and the customer page, where two-factor is reset.

// A tab's first section heading, where it is not the tab's own name.
const TAB_HEADINGS: Record<string, string> = { 'Trials & Codes': 'Free trials' };
const TABS = ['Overview', 'Users', 'Organisations', 'Plans', 'Trials & Codes', 'AI Agents', 'Content', 'Courses', 'Audit', 'Exports'];
const WIDTHS = [1280, 375];

/**
 * Turns on two-factor authentication for `account` as an authenticator app would, with the
 * current password (a credential change: the account's session may not have signed in recently).
 */
async function enableTwoFactor(request: APIRequestContext, account: Account): Promise<void> {
  const enrolment = await request.post('/api/identity/me/mfa/enrolment', { headers: bearer(account), data: {} });
  expect(enrolment.ok(), await enrolment.text()).toBe(true);
  const { secret } = (await enrolment.json()) as { secret: string };
  const code = new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate();
  const confirmed = await request.post('/api/identity/me/mfa/enrolment/confirm', { headers: bearer(account), data: { code, currentPassword: account.password } });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
}

async function openConsole(page: Page, admin: Account, query = '') {
  await signInBrowser(page, admin);
  await page.goto(`/admin${query}`);
  await expect(pageHeading(page, 'Admin Dashboard')).toBeVisible();
}

test.describe('Admin overview and customers', () => {
  test('a test-card checkout shows in MRR and today’s point, the plan filter and the customer page, where two-factor is reset', async ({ page, request }) => {
    const customer = await createAccount(request);
    await buyStarterByApi(request, customer);
    await enableTwoFactor(request, customer);
    const admin = await adminAccount(request);
    await openConsole(page, admin);

    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('figure-mrr')).not.toHaveText('$0');
    await expect(page.getByTestId('figure-mrr')).toHaveText(/^\$[\d,.]+/);
    const today = new Date().toISOString().slice(0, 10);
    const chart = page.locator('.adm-chart');
    await expect(chart).toHaveAttribute('data-last-day', today);
    await expect(chart).not.toHaveAttribute('data-last-value', '0');
    await expect(chart.locator('canvas').first()).toBeVisible();
    await expect(page.getByTestId('overview-days').getByRole('rowheader', { name: today })).toHaveCount(1);

    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByLabel('Plan', { exact: true }).selectOption({ label: 'Starter' });
    await page.getByRole('searchbox', { name: 'Search by email or name' }).fill(customer.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = mainContent(page).getByRole('row').filter({ hasText: customer.email });
    await expect(row).toHaveCount(1);
    await expect(page).toHaveURL(/plan=starter/);

    await row.getByRole('button', { name: /^Actions for / }).click();
    await page.getByRole('menuitem', { name: 'Details' }).click();
    await expect(page.getByTestId('customer-profile')).toContainText(customer.email);
    const payments = page.getByTestId('customer-payments');
    await expect(payments).toContainText('$50');
    await expect(payments.getByRole('link')).toHaveAttribute('href', /^https:\/\/dashboard\.stripe\.com\/test\/invoices\/in_/);
    await expect(page.getByTestId('mfa-status')).toContainText('Two-factor authentication is on');
    await page.getByRole('button', { name: 'Reset two-factor' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByTestId('mfa-status')).toHaveText('Two-factor authentication is off.');
    await expect.poll(async () => ((await (await request.get('/api/identity/me/mfa', { headers: bearer(customer) })).json()) as { enabled: boolean }).enabled).toBe(false);
  });

  for (const width of WIDTHS) {
    test(`no serious or critical axe violation on any admin tab or the customer page at ${width} px`, async ({ page, request }) => {
      // Ten tabs, each loaded and scanned (the Courses tab listing every course with its lessons and
      // members): more than the default half minute on two shared cores.
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 900 });
      const admin = await adminAccount(request);
      await openConsole(page, admin);
      for (const tab of TABS) {
        await page.getByRole('tab', { name: tab, exact: true }).click();
        await expect(page.getByRole('heading', { level: 2, name: TAB_HEADINGS[tab] ?? tab })).toBeVisible();
        await expect(page.getByText(/^Loading/)).toHaveCount(0);
        await expectNoSeriousAxeViolations(page);
      }
      await page.goto(`/admin?tab=users&user=${admin.userId}`);
      await expect(page.getByTestId('customer-profile')).toBeVisible();
      await expect(page.getByText(/^Loading/)).toHaveCount(0);
      await expectNoSeriousAxeViolations(page);
    });
  }
});
