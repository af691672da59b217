import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Page } from '@playwright/test';
import { type Account, adminAccount, bearer, createAccount, signInBrowser } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { buyStarterByApi } from '../support/billing';
import { expect, test } from '../support/fixtures';
import { mainContent, pageHeading } from '../support/site';

// The operator's audit log in words and the accountant's exports, against the real platform.

const today = () => new Date().toISOString().slice(0, 10);
// Earlier specs move the local Stripe's clock forward (renewals, trials), so payments and invoices
// may be dated weeks ahead of today: the exports' range reaches 300 days ahead.
const rangeEnd = () => new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10);

async function openConsole(page: Page, admin: Account, tab: string) {
  await signInBrowser(page, admin);
  await page.goto(`/admin?tab=${tab}`);
  await expect(pageHeading(page, 'Admin Dashboard')).toBeVisible();
}

test.describe('Operator console: audit and exports', () => {
  test('a plan price change reads as a sentence with its diff, and the filters narrow the log on the server', async ({ page, request }) => {
    const admin = await adminAccount(request);
    const plans = (await (await request.get('/api/catalog/admin/plans', { headers: bearer(admin) })).json()) as {
      plans: Array<{ id: string; monthly: { amountMinor: number; priceId: string | null } | null }>;
    };
    const original = plans.plans.find((plan) => plan.id === 'starter')!.monthly!;
    // A price no other test sets, so this run's entry is the one found.
    const cents = 5_000 + Math.floor(Math.random() * 900) + 1;
    const typed = `$${(cents / 100).toFixed(2)}`;
    const changed = await request.patch('/api/catalog/admin/plans/starter', { headers: bearer(admin), data: { monthly: { ...original, amountMinor: cents } } });
    expect(changed.ok(), await changed.text()).toBe(true);
    try {
      await openConsole(page, admin, 'audit');
      await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Edited plan' });
      await page.getByLabel('Target', { exact: true }).selectOption({ label: 'Plans' });
      await page.getByLabel('From', { exact: true }).fill(today());
      await page.getByLabel('To', { exact: true }).fill(today());
      const asked = page.waitForResponse(
        (response) => response.url().includes('/api/catalog/admin/audit?') && response.url().includes('target=plan') && response.url().includes(`from=${today()}`),
      );
      await page.getByRole('button', { name: 'Apply Filters' }).click();
      expect((await asked).ok()).toBe(true);
      const entry = page
        .getByRole('list', { name: 'Admin actions, newest first' })
        .getByRole('listitem')
        .filter({ hasText: `to ${typed}` })
        .first();
      await expect(entry).toContainText(/Site Admin changed Starter's monthly price from \$[\d.]+ to \$[\d.]+/);
      await expect(entry.locator('dt')).toHaveText(['monthly price']);
      await expect(entry.locator('ins')).toHaveText(typed);
      await expect(mainContent(page)).not.toContainText(/svc-/i);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await expectNoSeriousAxeViolations(page, 'main');
      }

      // Another area has no plan entries: the catalogue is not asked at all.
      await page.getByLabel('Area', { exact: true }).selectOption({ label: 'Billing' });
      await page.getByRole('button', { name: 'Apply Filters' }).click();
      await expect(page.getByText('No admin actions match.')).toBeVisible();
    } finally {
      const restored = await request.patch('/api/catalog/admin/plans/starter', { headers: bearer(admin), data: { monthly: original } });
      expect(restored.ok(), await restored.text()).toBe(true);
    }
  });

  test('exports download as CSV named for the range and hold the day’s customer, subscription, payment, invoice and credits', async ({ page, request }) => {
    const customer = await createAccount(request);
    await buyStarterByApi(request, customer);
    const admin = await adminAccount(request);
    await openConsole(page, admin, 'exports');
    await page.getByLabel('From', { exact: true }).fill(today());
    await page.getByLabel('To', { exact: true }).fill(rangeEnd());
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSeriousAxeViolations(page, 'main');
    }

    const download = async (title: string): Promise<{ name: string; rows: string[][] }> => {
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: `Download ${title} CSV` }).click();
      const file = await downloading;
      return { name: file.suggestedFilename(), rows: parse(await readFile(await file.path(), 'utf8')) as string[][] };
    };
    const expectRow = async (title: string, fileStem: string, column: string, value: string) => {
      // Webhooks and events land shortly after the payment: ask again until the row is there.
      await expect
        .poll(async () => {
          const { name, rows } = await download(title);
          expect(name).toBe(`${fileStem}-${today()}-to-${rangeEnd()}.csv`);
          const index = rows[0]!.indexOf(column);
          return rows.slice(1).some((row) => row[index] === value);
        })
        .toBe(true);
    };
    await expectRow('Customers', 'customers', 'Email', customer.email);
    await expectRow('Subscriptions', 'subscriptions', 'User ID', customer.userId);
    await expectRow('Payments', 'payments', 'User ID', customer.userId);
    await expectRow('Invoices', 'invoices', 'User ID', customer.userId);
    await expectRow('Credit ledger', 'ledger', 'User ID', customer.userId);
    const payments = await download('Payments');
    const paid = payments.rows.find((row) => row[1] === customer.userId)!;
    expect(paid.slice(2, 5)).toEqual(['plan', expect.stringMatching(/^\d+\.\d{2}$/), 'USD']);
  });
});
