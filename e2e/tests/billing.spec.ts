import type { APIRequestContext, Page } from '@playwright/test';
import { bearer, createAccount, signInBrowser, submitSignInForm, type Account } from '../support/accounts';
import { advanceClock, DAY } from '../support/billing';
import { expect, test } from '../support/fixtures';
import { E2E_PORTS } from '../support/ports';

const profileTier = async (request: APIRequestContext, account: Account) =>
  ((await (await request.get('/api/identity/me', { headers: bearer(account) })).json()) as { subscriptionTier: string }).subscriptionTier;

/** Pays on the provider's hosted page, on its own origin (the browser reaches it at the public host). */
async function payOnHostedPage(page: Page, card: string) {
  await expect(page).toHaveURL(new RegExp(`:${E2E_PORTS.STRIPE_LOCAL_PORT}/checkout/cs_test_`));
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: 'Pay' }).click();
}

async function payStarter(page: Page, card: string) {
  await page.goto('/pricing');
  await page.getByRole('article', { name: 'Starter', exact: true }).getByRole('button', { name: 'Upgrade to Starter' }).click();
  await payOnHostedPage(page, card);
}

interface WalletFigures {
  creditsRemaining: number;
  creditsLimit: number;
  purchasedCredits: number;
  periodStart: string;
  renewsAt: string;
}

async function walletOf(request: APIRequestContext, account: Account): Promise<WalletFigures> {
  const response = await request.get('/api/chat/wallet', { headers: bearer(account) });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as WalletFigures;
}

interface ListedSubscription {
  kind: string;
  courseId: string | null;
  status: string;
  currentPeriodStart: number;
  currentPeriodEnd: number;
}

async function subscriptionsOf(request: APIRequestContext, account: Account): Promise<ListedSubscription[]> {
  const response = await request.get('/api/billing/subscriptions', { headers: bearer(account) });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { subscriptions: ListedSubscription[] }).subscriptions;
}

/** Spends some plan credits with one chat message (the built-in demo provider answers). */
async function spendCredits(request: APIRequestContext, account: Account) {
  const agents = (await (await request.get('/api/chat/agents', { headers: bearer(account) })).json()) as { agents: Array<{ id: string; producesImages: boolean }> };
  const agent = agents.agents.find((candidate) => !candidate.producesImages)!;
  const sent = await request.post(`/api/chat/agents/${agent.id}/messages`, { headers: bearer(account), data: { message: 'Give me three ideas for a product launch.' } });
  expect(sent.ok(), await sent.text()).toBe(true);
  expect(await sent.text()).toContain('event: done');
}

test.describe('Card subscriptions', () => {
  test('a customer who signs in buys Starter with a test card, sees it active, and cancels at period end', async ({ page, request }) => {
    const account = await createAccount(request);
    await page.goto('/signin?returnUrl=%2Fpricing');
    await submitSignInForm(page, account.email, account.password);
    await expect(page).toHaveURL(/\/pricing/);
    await expect(page.getByRole('article', { name: 'Free', exact: true }).getByRole('button', { name: 'Current plan' })).toBeDisabled();

    await payStarter(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByText(/Subscription Upgraded Successfully!: Your Starter plan is now active\./)).toBeVisible();
    await expect.poll(() => profileTier(request, account)).toBe('starter');
    // The wallet follows billing's event into svc-chat; the dashboard shows Starter's allowance once it has.
    await expect.poll(async () => ((await (await request.get('/api/chat/wallet', { headers: bearer(account) })).json()) as { creditsLimit: number }).creditsLimit).toBe(1_000_000);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.locator('.ad-tier-badge--starter').first()).toBeVisible();
    await expect(page.getByText('1,000,000').first()).toBeVisible();

    await page.goto('/manage-subscription');
    await expect(page.getByText('active', { exact: true })).toBeVisible();
    await expect(page.getByText('$50 per month')).toBeVisible();
    await expect(page.getByText(/^Next Billing: /)).toBeVisible();
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm cancellation' }).click();
    await expect(page.getByText('Your subscription will be canceled at the end of the current billing period.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
    // A cancelled plan says when it ends, not when it renews, until it is resumed.
    await expect(page.getByText(/^Ends on /)).toBeVisible();
    await expect(page.getByText(/^Next Billing: /)).toHaveCount(0);
    await page.goto('/dashboard');
    await expect(page.getByRole('region', { name: 'Renewal' }).getByText(/^Ends on /)).toBeVisible();
    await expect(page.getByText(/^Renews on /)).toHaveCount(0);

    await page.goto('/manage-subscription');
    await page.getByRole('button', { name: 'Resume', exact: true }).click();
    await expect(page.getByText(/^Next Billing: /)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
    await expect(page.getByText('Your subscription will be canceled at the end of the current billing period.')).toHaveCount(0);
    await page.goto('/dashboard');
    await expect(page.getByRole('region', { name: 'Renewal' }).getByText(/^Renews on /)).toBeVisible();
    await expect(page.getByText(/^Ends on /)).toHaveCount(0);
  });

  test('Manage Billing without a subscription says there is nothing to manage', async ({ page, request }) => {
    const account = await createAccount(request);
    await signInBrowser(page, account);
    await page.goto('/manage-subscription');
    await expect(page.getByRole('heading', { name: 'No Active Subscriptions' })).toBeVisible();
    await page.getByRole('button', { name: 'Manage Billing' }).click();
    await expect(page.getByText('You have no subscription yet, so there is no billing to manage. Choose a plan to get started.')).toBeVisible();
    await expect(page).toHaveURL(/\/manage-subscription$/);
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

  test('a 3-D Secure card asks for authentication: a failed challenge shows the provider message, a completed one pays', async ({ page, request }) => {
    const account = await createAccount(request);
    await signInBrowser(page, account);
    await payStarter(page, '4000 0025 0000 3155');
    await expect(page.getByRole('heading', { name: 'Authenticate this payment' })).toBeVisible();
    await page.getByRole('button', { name: 'Fail authentication' }).click();
    await expect(page.getByRole('alert')).toHaveText('We are unable to authenticate your payment method. Please choose a different payment method and try again.');
    expect(await subscriptionsOf(request, account)).toEqual([]);
    expect(await profileTier(request, account)).toBe('free');

    await page.getByLabel('Card number').fill('4000 0025 0000 3155');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(page.getByText(/Subscription Upgraded Successfully!: Your Starter plan is now active\./)).toBeVisible();
    await expect.poll(() => profileTier(request, account)).toBe('starter');
  });

  test('a failed renewal shows the past-due notice, and the end of the grace period moves the user to free', async ({ page, request }) => {
    const account = await createAccount(request);
    await signInBrowser(page, account);
    // 3184 asks for 3-D Secure on every charge: the first is authenticated here, the renewal fails.
    await payStarter(page, '4000 0027 6000 3184');
    await page.getByRole('button', { name: 'Complete authentication' }).click();
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

  test('a paid renewal on the test clock starts a new credit period: plan credits reset, bought credits stay, and the period dates move', async ({ page, request }) => {
    const account = await createAccount(request);
    await signInBrowser(page, account);
    await payStarter(page, '4242 4242 4242 4242');
    await expect(page.getByText(/Subscription Upgraded Successfully!: Your Starter plan is now active\./)).toBeVisible();
    await expect.poll(async () => (await walletOf(request, account)).creditsLimit).toBe(1_000_000);

    // A credit pack bought before the renewal must outlive it (plan credits reset, bought ones stay).
    const pack = await request.post('/api/billing/checkout', { headers: bearer(account), data: { kind: 'credits', packId: 'credits-500k' } });
    expect(pack.ok(), await pack.text()).toBe(true);
    const paid = await request.post(((await pack.json()) as { url: string }).url, { form: { cardNumber: '4242 4242 4242 4242' }, maxRedirects: 0 });
    expect(paid.status()).toBe(303);
    await expect.poll(async () => (await walletOf(request, account)).purchasedCredits).toBe(500_000);

    await spendCredits(request, account);
    const spent = await walletOf(request, account);
    expect(spent.creditsRemaining).toBeLessThan(1_000_000);
    const [before] = await subscriptionsOf(request, account);

    await advanceClock(request, 31 * DAY);
    await expect.poll(async () => (await walletOf(request, account)).creditsRemaining).toBe(1_000_000);
    const renewed = await walletOf(request, account);
    expect(renewed.purchasedCredits).toBe(500_000);
    expect(new Date(renewed.renewsAt).getTime()).toBeGreaterThan(new Date(spent.renewsAt).getTime());
    expect(new Date(renewed.periodStart).getTime()).toBeGreaterThan(new Date(spent.periodStart).getTime());
    const [after] = await subscriptionsOf(request, account);
    expect(after).toMatchObject({ status: 'active', currentPeriodStart: before!.currentPeriodEnd });
    expect(after!.currentPeriodEnd).toBeGreaterThan(before!.currentPeriodEnd);

    await page.goto('/dashboard');
    // The one balance: the new month's plan credits and the bought ones kept.
    await expect(page.getByTestId('credits-remaining').first()).toHaveText('1,500,000');
    await page.goto('/manage-subscription');
    const day = (epochSeconds: number) => new Date(epochSeconds * 1000).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    await expect(page.getByText(`Next Billing: ${day(after!.currentPeriodEnd)}`)).toBeVisible();
  });
});

test.describe('Course access', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test("Start Learning on a course page buys the course's monthly subscription and opens the course once paid", async ({ page, request }) => {
    const account = await createAccount(request);
    await page.goto('/courses/ai-fundamentals');
    await page.getByRole('button', { name: 'Start Learning' }).click();
    await expect(page).toHaveURL(/\/signin\?returnUrl=%2Fcourses%2Fai-fundamentals/);
    await submitSignInForm(page, account.email, account.password);
    await expect(page).toHaveURL(/\/courses\/ai-fundamentals$/);

    await page.getByRole('button', { name: 'Start Learning' }).click();
    // The hosted page names what is bought, its price and its period.
    await expect(page.getByRole('heading', { name: 'Subscribe to AI Fundamentals for Business course' })).toBeVisible();
    await expect(page.getByText('$25.00 per month')).toBeVisible();
    await payOnHostedPage(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/courses\/ai-fundamentals/);
    // Catalog grants the enrolment from billing's event; the page waits for it.
    await expect(page.getByRole('link', { name: 'Start Learning' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('link', { name: 'Open Discussion' })).toBeVisible();
    const [course] = await subscriptionsOf(request, account);
    expect(course).toMatchObject({ kind: 'course', courseId: 'ai-fundamentals', status: 'active' });

    await page.getByRole('link', { name: 'Start Learning' }).click();
    await expect(page).toHaveURL(/\/courses\/ai-fundamentals\/lessons\/[0-9a-f-]{36}$/);

    // The management page tells the course subscription apart by name.
    await page.goto('/manage-subscription');
    await expect(page.getByRole('heading', { name: 'AI Fundamentals for Business course' })).toBeVisible();
  });

  test('the community box is a real subscription: the invite shows only once paid, and straight away afterwards', async ({ page, request }) => {
    const account = await createAccount(request);
    await signInBrowser(page, account);
    await page.goto('/courses');
    await expect(page.getByLabel('Community invite link')).toHaveCount(0);
    await page.getByRole('button', { name: 'Subscribe & Get Discord Access' }).click();
    await expect(page.getByRole('heading', { name: 'Subscribe to Community membership' })).toBeVisible();
    await expect(page.getByText('$50.00 per month')).toBeVisible();
    await payOnHostedPage(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/courses/);
    const invite = page.getByRole('textbox', { name: 'Community invite link' });
    await expect(invite).toHaveValue('https://discord.gg/agentdock');
    const join = page.getByRole('link', { name: /Join Discord Community/ });
    await expect(join).toHaveAttribute('href', 'https://discord.gg/agentdock');
    await expect(join).toHaveAttribute('target', '_blank');

    // Keyboard: back from paying, focus is on the join text; Tab reaches the invite, then the copy button.
    await page.keyboard.press('Tab');
    await expect(invite).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeFocused();
    await page.keyboard.press('Enter');
    const copiedAt = Date.now();
    await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('https://discord.gg/agentdock');
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible({ timeout: 4_000 });
    const shownFor = Date.now() - copiedAt;
    expect(shownFor).toBeGreaterThanOrEqual(1_800);
    expect(shownFor).toBeLessThan(3_000);

    await page.reload();
    await expect(page.getByLabel('Community invite link')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Subscribe & Get Discord Access' })).toHaveCount(0);
  });
});

test.describe('Credit top-ups', () => {
  test('a credit pack bought from the dashboard lands in the wallet apart from the plan credits', async ({ page, request }) => {
    const account = await createAccount(request);
    await signInBrowser(page, account);
    const before = await walletOf(request, account);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Buy 500,000 credits for $10.00' }).click();
    await expect(page.getByRole('heading', { name: 'Pay for 500,000 platform credits' })).toBeVisible();
    await expect(page.getByText('$10.00, paid once')).toBeVisible();
    await payOnHostedPage(page, '4242 4242 4242 4242');

    await expect(page.getByText(/Credits Purchased!:/)).toBeVisible();
    await expect.poll(async () => (await walletOf(request, account)).purchasedCredits).toBe(500_000);
    const after = await walletOf(request, account);
    expect(after).toMatchObject({ creditsRemaining: before.creditsRemaining, creditsLimit: before.creditsLimit });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByTestId('purchased-credits')).toContainText('500,000');
  });
});
