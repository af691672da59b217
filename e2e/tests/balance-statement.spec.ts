import type { APIRequestContext, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { adminAccount, bearer, createAccount, signInBrowser, type Account } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { E2E_PORTS } from '../support/ports';
import { expectNoSidewaysScroll } from '../support/site';

/** The one balance as every screen writes it: plan plus purchased credits. */
async function balanceOf(request: APIRequestContext, account: Account): Promise<{ total: number; purchased: number }> {
  const response = await request.get('/api/chat/wallet', { headers: bearer(account) });
  expect(response.ok(), await response.text()).toBe(true);
  const wallet = (await response.json()) as { creditsRemaining: number; purchasedCredits: number };
  return { total: wallet.creditsRemaining + wallet.purchasedCredits, purchased: wallet.purchasedCredits };
}

/** One chat reply through the API (the built-in demo provider answers). */
async function reply(request: APIRequestContext, account: Account) {
  const agents = (await (await request.get('/api/chat/agents', { headers: bearer(account) })).json()) as { agents: Array<{ id: string; producesImages: boolean }> };
  const agent = agents.agents.find((candidate) => !candidate.producesImages)!;
  const sent = await request.post(`/api/chat/agents/${agent.id}/messages`, { headers: bearer(account), data: { message: 'Give me three ideas for a product launch.' } });
  expect(await sent.text()).toContain('event: done');
}

async function topUp(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Buy 500,000 credits for $10.00' }).click();
  await expect(page).toHaveURL(new RegExp(`:${E2E_PORTS.STRIPE_LOCAL_PORT}/checkout/cs_test_`));
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText(/Credits Purchased!:/)).toBeVisible();
}

test('after a reply and a top-up every screen shows the same balance, and the statement tells both in words', async ({ page, browser, request }) => {
  const account = await createAccount(request);
  await reply(request, account);
  await signInBrowser(page, account);
  await topUp(page);
  await expect.poll(async () => (await balanceOf(request, account)).purchased).toBe(500_000);
  const total = (await balanceOf(request, account)).total.toLocaleString('en-US');

  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByTestId('credits-remaining')).toHaveText(total);
  await expect(page.getByRole('banner').getByTestId('header-balance').filter({ visible: true })).toHaveText(`${total} credits`);

  await page.goto('/chat');
  await expect(page.getByTestId('credits-remaining')).toHaveText(`${total} credits`);
  await expect(page.getByRole('banner').getByTestId('header-balance').filter({ visible: true })).toHaveText(`${total} credits`);

  await page.goto('/dashboard?tab=usage');
  const lines = page.getByRole('table', { name: 'Statement' }).getByTestId('statement-line');
  await expect(lines.first()).toContainText('Top-up 500,000');
  await expect(lines.first()).toContainText(total);
  await expect(lines.first().getByRole('link', { name: 'receipt' })).toHaveAttribute('href', '/manage-subscription');
  await expect(lines.nth(1)).toContainText(/Reply from .+ · [\d,]+ credits/);
  await expect(lines.last()).toContainText(/Monthly refill [\d,]+/);
  await expect(page.getByRole('table', { name: 'Statement' })).not.toContainText(/Reserved|Settled/);
  // The CSV holds the same lines, oldest first.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const csv = (await readFile(await (await downloading).path(), 'utf8')).trim().split('\r\n');
  expect(csv[0]).toBe('Date,Description,Credits,Balance');
  expect(csv.at(-1)).toMatch(new RegExp(`,"Top-up 500,000",500000,${total.replaceAll(',', '')}$`));
  expect(csv.at(-2)).toMatch(/,"Reply from .+ · [\d,]+ credits",-\d+,\d+$/);

  const admin = await adminAccount(request);
  const adminPage = await browser.newPage();
  await signInBrowser(adminPage, admin);
  await adminPage.goto(`/admin?tab=users&user=${account.userId}`);
  await expect(adminPage.getByTestId('customer-credits')).toContainText(`${total} credits`);
  const adminLines = adminPage.getByRole('table', { name: 'Statement' }).getByTestId('statement-line');
  await expect(adminLines.first()).toContainText('Top-up 500,000');
  await expect(adminLines.nth(1)).toContainText(/Reply from .+ · [\d,]+ credits/);
  await adminPage.close();
});

test.describe('The statement at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('fits the screen without sideways scroll and has no serious accessibility violations', async ({ page, request }) => {
    const account = await createAccount(request);
    await reply(request, account);
    await signInBrowser(page, account);
    await page.goto('/dashboard?tab=usage');
    await expect(page.getByRole('table', { name: 'Statement' }).getByTestId('statement-line')).toHaveCount(2);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page, 'main');
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-01-31');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByText('No credit changes in these dates.')).toBeVisible();
  });
});
