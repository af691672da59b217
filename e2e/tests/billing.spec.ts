import type { APIRequestContext, Page } from '@playwright/test';
import { bearer, createAccount, signInBrowser, submitSignInForm, type Account } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { E2E_PORTS } from '../support/ports';

const STRIPE = `http://127.0.0.1:${E2E_PORTS.STRIPE_LOCAL_PORT}`;
const DAY = 86_400;

/** The local provider's test clock, as Stripe's test clocks: renewals and dunning fall due. */
async function advanceClock(request: APIRequestContext, seconds: number) {
  const response = await request.post(`${STRIPE}/v1/test_helpers/advance`, {
    headers: { authorization: 'Bearer sk_test_local' },
    form: { seconds: String(seconds) },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

const profileTier = async (request: APIRequestContext, account: Account) =>
  ((await (await request.get('/api/identity/me', { headers: bearer(account) })).json()) as { subscriptionTier: string }).subscriptionTier;

async function payStarter(page: Page, card: string) {
  await page.goto('/pricing');
  await page.getByRole('article', { name: 'Starter', exact: true }).getByRole('button', { name: 'Get Started' }).click();
  // The provider's hosted page, on its own origin (the browser reaches it at the public host).
  await expect(page).toHaveURL(new RegExp(`:${E2E_PORTS.STRIPE_LOCAL_PORT}/checkout/cs_test_`));
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: 'Pay' }).click();
}

test.describe('Card subscriptions', () => {
  test('visitor signs in, buys Starter with a test card, sees it active, and cancels at period end', async ({ page, request }) => {
    const account = await createAccount(request);
    await page.goto('/pricing');
    await page.getByRole('article', { name: 'Starter', exact: true }).getByRole('button', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/signin\?returnUrl=%2Fpricing/);
    await submitSignInForm(page, account.email, account.password);
    await expect(page).toHaveURL(/\/pricing/);

    await payStarter(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByText(/Subscription Upgraded Successfully!: Your Starter plan is now active\./)).toBeVisible();
    await expect.poll(() => profileTier(request, account)).toBe('starter');
    // The wallet follows billing's event into svc-chat; the dashboard shows Starter's allowance once it has.
    await expect
      .poll(async () => ((await (await request.get('/api/chat/wallet', { headers: bearer(account) })).json()) as { creditsLimit: number }).creditsLimit)
      .toBe(1_000_000);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.locator('.ad-tier-badge--starter').first()).toBeVisible();
    await expect(page.getByText('1,000,000').first()).toBeVisible();

    await page.goto('/manage-subscription');
    await expect(page.getByText('active', { exact: true })).toBeVisible();
    await expect(page.getByText('50.00 USD')).toBeVisible();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await expect(page.getByText('Your subscription will be canceled at the end of the current billing period.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
  });

  test('a declined card shows the provider message and grants nothing', async ({ page, request }) => {
    const account = await createAccount(request);
    await signInBrowser(page, account);
    await payStarter(page, '4000 0000 0000 0002');
    await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
    const list = await request.get('/api/billing/subscriptions', { headers: bearer(account) });
    expect(((await list.json()) as { subscriptions: unknown[] }).subscriptions).toEqual([]);
    expect(await profileTier(request, account)).toBe('free');
  });

  test('a failed renewal shows the past-due notice, and the end of the grace period moves the user to free', async ({ page, request }) => {
    const account = await createAccount(request);
    await signInBrowser(page, account);
    await payStarter(page, '4000 0000 0000 0341');
    // The dashboard clears the return's query at once; its banner is what stays.
    await expect(page.getByText(/Subscription Upgraded Successfully!: Your Starter plan is now active\./)).toBeVisible();
    await expect.poll(() => profileTier(request, account)).toBe('starter');

    await advanceClock(request, 32 * DAY);
    await page.goto('/manage-subscription');
    await expect(page.getByText('past due', { exact: true })).toBeVisible();
    await expect(page.getByText(/Your last payment failed\. You keep access until/)).toBeVisible();
    expect(await profileTier(request, account)).toBe('starter');

    await advanceClock(request, 8 * DAY);
    await expect.poll(() => profileTier(request, account)).toBe('free');
    await page.reload();
    await expect(page.getByText('canceled', { exact: true })).toBeVisible();
  });
});
