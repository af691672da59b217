import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { adminAccount, bearer, createAccount, PASSWORD, signInBrowser, submitSignInForm, uniqueEmail } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { linkTo, nextEmail, SUBJECTS } from '../support/mailbox';
import { E2E_PORTS } from '../support/ports';

/** Pays on the provider's hosted page, on its own origin. */
async function payOnHostedPage(page: Page) {
  await expect(page).toHaveURL(new RegExp(`:${E2E_PORTS.STRIPE_LOCAL_PORT}/checkout/cs_test_`));
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();
}

/** A signed-in customer buys Starter from the pricing page and lands on the dashboard with it. */
async function buyStarter(page: Page, request: APIRequestContext) {
  const account = await createAccount(request);
  await signInBrowser(page, account);
  await page.goto('/pricing');
  await page.getByRole('article', { name: 'Starter', exact: true }).getByRole('button', { name: 'Upgrade to Starter' }).click();
  await payOnHostedPage(page);
  await expect(page).toHaveURL(/\/dashboard/);
  await expect
    .poll(async () => ((await (await request.get('/api/identity/me', { headers: bearer(account) })).json()) as { subscriptionTier: string }).subscriptionTier)
    .toBe('starter');
  return account;
}

const today = () => new Date().toISOString().slice(0, 10);

test.describe('Billing in depth', () => {
  test('visitor → Starter → sign-up → confirm in a second browser → sign in there → that plan’s checkout → dashboard', async ({ page, browser, baseURL }) => {
    const email = uniqueEmail('plan-signup');
    await page.goto('/pricing');
    await page.getByRole('radio', { name: /Annual/ }).check();
    await page.getByRole('article', { name: 'Starter', exact: true }).getByRole('button', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/signup\?returnUrl=%2Fpricing%3Fcheckout%3Dstarter%26period%3Dannual$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    await expect(page.getByText('Create your account to start the Starter plan, billed annually: after you confirm your email you go straight to its checkout.')).toBeVisible();
    await expect(page.getByText('Welcome back!')).toHaveCount(0);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password (at least 8 characters)').fill(PASSWORD);
    const confirmation = await nextEmail(page.request, email, SUBJECTS.confirm, () => page.getByRole('button', { name: 'Sign Up' }).click());
    await expect(page.getByText('Check your email for the confirmation link')).toBeVisible();
    // The plan rides in the link itself, not in this browser's storage.
    const link = linkTo(confirmation, '/auth/callback');
    expect(new URL(link, 'http://site').searchParams.get('next')).toBe('/pricing?checkout=starter&period=annual');

    // Opened on another device: the address is confirmed there, the sign-in form says so and leads on to the plan.
    const phone = await browser.newContext({ baseURL });
    try {
      const other = await phone.newPage();
      await other.goto(link);
      await expect(other).toHaveURL(/\/signin\?returnUrl=%2Fpricing%3Fcheckout%3Dstarter%26period%3Dannual/);
      await expect(other.getByText('Email confirmed. Sign in to continue.')).toBeVisible();
      await submitSignInForm(other, email, PASSWORD);
      // Signed in, pricing starts the chosen plan's checkout by itself.
      await expect(other).toHaveURL(new RegExp(`:${E2E_PORTS.STRIPE_LOCAL_PORT}/checkout/cs_test_`));
      await expect(other.getByText('$540.00 per year')).toBeVisible();
      await payOnHostedPage(other);
      await expect(other).toHaveURL(/\/dashboard\?subscription=success&plan=starter/);
      await expect(other.getByText(/Subscription Upgraded Successfully!: Your Starter plan is now active\./)).toBeVisible();
      // Back on pricing (once billing's event has reached the account), the plan is marked as the
      // customer's own, with Manage, and the others as steps up or down.
      const starter = other.getByRole('article', { name: 'Starter', exact: true });
      await expect(async () => {
        await other.goto('/pricing');
        await expect(starter.getByText('Current plan')).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await expect(starter.getByRole('link', { name: 'Manage' })).toHaveAttribute('href', '/manage-subscription');
      await expect(other.getByRole('article', { name: 'Pro', exact: true }).getByRole('button', { name: 'Upgrade to Pro' })).toBeVisible();
      await expect(other.getByRole('article', { name: 'Free', exact: true }).getByRole('link', { name: 'Downgrade to Free' })).toBeVisible();
    } finally {
      await phone.close();
    }
  });

  test('a confirmation link opened in the browser that signed up says the address is confirmed on arrival', async ({ page }) => {
    const email = uniqueEmail('confirmed-here');
    await page.goto('/signup');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password (at least 8 characters)').fill(PASSWORD);
    const confirmation = await nextEmail(page.request, email, SUBJECTS.confirm, () => page.getByRole('button', { name: 'Sign Up' }).click());
    await page.goto(linkTo(confirmation, '/auth/callback'));
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Your email address is confirmed. Welcome to Agentdock!')).toBeVisible();
  });

  test('cancel in a dialog with a reason → banner → resume; the reason is counted in the overview', async ({ page, request }) => {
    const account = await buyStarter(page, request);
    await page.goto('/manage-subscription');
    await expect(page.getByRole('heading', { name: 'Starter plan' })).toBeVisible();
    await expect(page.getByText(/sub_/)).toHaveCount(0);

    const open = page.getByRole('button', { name: 'Cancel Subscription' });
    await open.click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel your Starter plan?' });
    await expect(
      dialog.getByText('Are you sure you want to cancel your subscription? You will lose access to premium features at the end of your current billing period.'),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Keep subscription' })).toBeFocused();
    await expectNoSeriousAxeViolations(page);
    // Escape is the safe answer: nothing is cancelled and focus returns to the button.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(open).toBeFocused();

    await open.click();
    await dialog.getByRole('radio', { name: 'It’s too expensive' }).check();
    await dialog.getByRole('textbox', { name: /Anything else/ }).fill('Too much for a team of two.');
    await dialog.getByRole('button', { name: 'Confirm cancellation' }).click();
    const banner = page.getByRole('status').filter({ hasText: /^Your Starter plan ends on \d{1,2} [A-Z][a-z]{2} — Resume$/ });
    await expect(banner).toBeVisible();
    await expect(page.getByText(/^Ends on /)).toBeVisible();

    // The dashboard promises no refill past the plan's end, and its Subscription tab has the same banner.
    await page.goto('/dashboard');
    const renewal = page.getByRole('region', { name: 'Renewal' });
    await expect(renewal.getByText(/^Ends on /)).toBeVisible();
    await expect(renewal.getByText(/Credits refill on/)).toHaveCount(0);
    await page.goto('/dashboard?tab=subscription');
    await expect(page.getByText('Days until your plan ends')).toBeVisible();
    await page
      .getByRole('status')
      .filter({ hasText: /^Your Starter plan ends on/ })
      .getByRole('button', { name: 'Resume' })
      .click();
    await expect(page.getByRole('status').filter({ hasText: /^Your Starter plan ends on/ })).toHaveCount(0);
    await expect(page.getByText('Days until renewal')).toBeVisible();
    await page.goto('/manage-subscription');
    await expect(page.getByText(/^Next Billing: /)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();

    const admin = await adminAccount(request);
    const stats = await request.get(`/api/billing/admin/stats?from=${today()}&to=${today()}`, { headers: bearer(admin) });
    const reasons = ((await stats.json()) as { cancellationReasons: Array<{ reason: string | null; count: number }> }).cancellationReasons;
    expect(reasons.find((row) => row.reason === 'too_expensive')?.count ?? 0).toBeGreaterThanOrEqual(1);
    expect(account.userId).toBeTruthy();
  });

  test('an invoice and a credit-pack receipt are listed, each with its page and a downloadable PDF', async ({ page, request }) => {
    const account = await buyStarter(page, request);
    const checkout = await request.post('/api/billing/checkout', { headers: bearer(account), data: { kind: 'credits', packId: 'credits-500k' } });
    expect(checkout.ok(), await checkout.text()).toBe(true);
    await page.goto(((await checkout.json()) as { url: string }).url);
    await payOnHostedPage(page);
    await expect(page).toHaveURL(/\/dashboard\?credits=success/);

    await page.goto('/manage-subscription');
    const list = page.getByRole('region', { name: 'Invoices and receipts' });
    const invoice = list.getByRole('listitem').filter({ hasText: 'Starter plan · first payment' });
    const receipt = list.getByRole('listitem').filter({ hasText: '500,000 platform credits' });
    await expect(invoice).toContainText('$50');
    await expect(invoice).toContainText('Paid');
    await expect(receipt).toContainText('Receipt');
    await expect(receipt).toContainText('$10');

    const [download] = await Promise.all([page.waitForEvent('download'), invoice.getByRole('link', { name: /^Download PDF/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^Invoice-[A-Z0-9]+-000\d\.pdf$/);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const hosted = await invoice.getByRole('link', { name: /^View/ }).getAttribute('href');
    await page.goto(hosted!);
    await expect(page.getByRole('heading', { level: 1, name: /^Invoice [A-Z0-9]+-000\d$/ })).toBeVisible();
    await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  });
});
