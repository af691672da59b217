import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { adminAccount, bearer, createAccount, signInBrowser, type Account } from '../support/accounts';
import { advanceClock, DAY } from '../support/billing';
import { expect, test } from '../support/fixtures';
import { nextEmail } from '../support/mailbox';
import { E2E_PORTS } from '../support/ports';

const profileTier = async (request: APIRequestContext, account: Account) =>
  ((await (await request.get('/api/identity/me', { headers: bearer(account) })).json()) as { subscriptionTier: string }).subscriptionTier;

/** Starter monthly from the pricing page, to the provider's hosted checkout page. */
async function chooseStarter(page: Page) {
  await page.goto('/pricing');
  await page.getByRole('article', { name: 'Starter', exact: true }).getByRole('button', { name: 'Upgrade to Starter' }).click();
  await expect(page).toHaveURL(new RegExp(`:${E2E_PORTS.STRIPE_LOCAL_PORT}/checkout/cs_test_`));
}

async function setStarterTrial(request: APIRequestContext, admin: Account, days: number, cardRequired: boolean) {
  const saved = await request.put('/api/billing/admin/trials', { headers: bearer(admin), data: { planId: 'starter', billingPeriod: 'monthly', days, cardRequired } });
  expect(saved.ok(), await saved.text()).toBe(true);
}

test.describe('Promotion codes and trials', () => {
  test('an admin creates a promotion code, a customer pays Starter with it, and the discounted invoice is listed with its page and PDF', async ({ browser, page, request }) => {
    const code = `E2E${randomUUID().slice(0, 6).toUpperCase()}`;
    const admin = await adminAccount(request);
    const adminPage = await browser.newPage();
    await signInBrowser(adminPage, admin);
    await adminPage.goto('/admin?tab=billing');
    const form = adminPage.getByRole('form', { name: 'New promotion code' });
    await form.getByRole('textbox', { name: 'Code customers type' }).fill(code);
    await form.getByRole('textbox', { name: 'Percent off' }).fill('20');
    await form.getByRole('button', { name: 'Create code' }).click();
    const listed = adminPage.getByRole('list', { name: 'Promotion codes' }).getByRole('listitem').filter({ hasText: code });
    await expect(listed).toContainText('Active');
    await adminPage.close();

    const account = await createAccount(request);
    await signInBrowser(page, account);
    await chooseStarter(page);
    await page.getByRole('textbox', { name: 'Promotion code' }).fill(code);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('table', { name: 'Order total' })).toContainText(`Discount (${code})`);
    await page.getByLabel(/^Card number/).fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByText(/Subscription Upgraded Successfully!: Your Starter plan is now active\./)).toBeVisible();

    // The invoice is kept from the provider's webhook, which may land just after the return.
    const invoices = page.getByRole('region', { name: 'Invoices and receipts' });
    await expect(async () => {
      await page.goto('/dashboard?tab=subscription');
      await expect(invoices.getByRole('listitem').first()).toContainText('$40 ($10 discount)', { timeout: 2_000 });
    }).toPass();
    const invoice = invoices.getByRole('listitem').first();
    const opening = page.context().waitForEvent('page');
    await invoice.getByRole('link', { name: /^View Invoice / }).click();
    const hosted = await opening;
    await expect(hosted.getByRole('row', { name: /^Discount/ })).toContainText('10');
    await expect(hosted.getByRole('row', { name: /^Total/ })).toContainText('40');
    await hosted.close();
    const pdfHref = await invoice.getByRole('link', { name: /^Download PDF of Invoice / }).getAttribute('href');
    const pdf = await request.get(pdfHref!);
    expect(pdf.ok()).toBe(true);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('a trial without a card says when it ends, warns by email, and ends on the test clock back on Free', async ({ page, request }) => {
    const admin = await adminAccount(request);
    await setStarterTrial(request, admin, 7, false);
    try {
      const account = await createAccount(request);
      await signInBrowser(page, account);
      await chooseStarter(page);
      await page.getByRole('button', { name: 'Start trial' }).click();
      await expect.poll(() => profileTier(request, account)).toBe('starter');
      await page.goto('/dashboard?tab=subscription');
      await expect(page.getByText(/^Free trial — ends on \d{1,2} [A-Z][a-z]{2}\. Add a card before then to keep Starter\.$/)).toBeVisible();

      const warning = await nextEmail(request, account.email, /^Your Starter trial ends on /, () => advanceClock(request, 5 * DAY));
      expect(warning.text).toContain('No card is on file, so your account then moves to the free plan.');
      await advanceClock(request, 3 * DAY);
      await expect.poll(() => profileTier(request, account)).toBe('free');
      await page.reload();
      await expect(page.getByText(/^Free trial/)).toHaveCount(0);
    } finally {
      await setStarterTrial(request, admin, 0, true);
    }
  });
});
