import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { type Account, bearer, createAccount, signInBrowser, uniqueEmail } from '../support/accounts';
import { failedRequest } from '../support/expected-errors';
import { type ConsoleErrorMatcher, expect, test } from '../support/fixtures';
import { E2E_PORTS } from '../support/ports';
import { expectNoSidewaysScroll, mainContent, pageHeading } from '../support/site';

// The account dashboard against the real platform: the profile from identity, the wallet and usage
// from chat, subscriptions from billing and plans from the catalog. An outage of a service is made
// in the browser by answering its calls as the gateway does when that service is down.

const card = (page: Page, name: string) => mainContent(page).getByRole('region', { name, exact: true });

const CHAT_AND_BILLING = ['/api/chat/wallet', '/api/chat/usage', '/api/billing/subscriptions'] as const;

/** The gateway's answer for a service that does not respond (503 upstream_unavailable, naming it). */
const outageMessage = (path: string) => `The ${path.split('/')[2]} service is unavailable. Please try again shortly.`;

/** Makes the calls to `paths` fail as if their service were down, until the returned function is called. */
async function takeDown(page: Page, paths: readonly string[]) {
  const handlers = paths.map((path) => {
    const handler = (route: Parameters<Parameters<Page['route']>[1]>[0]) =>
      route.fulfill({ status: 503, json: { error: { code: 'upstream_unavailable', message: outageMessage(path), requestId: 'e2e' } } });
    return { path, handler };
  });
  for (const { path, handler } of handlers) await page.route(`**${path}`, handler);
  return async () => {
    for (const { path, handler } of handlers) await page.unroute(`**${path}`, handler);
  };
}

/** The console errors an outage of `paths` causes: the browser's failed-request line and the page's own log. */
function outageErrors(paths: readonly string[]): Record<string, ConsoleErrorMatcher> {
  return Object.fromEntries(
    paths.flatMap((path) => [
      [`${path} is down in this test`, failedRequest(503, path)],
      [`the dashboard logs that ${path} failed`, ({ text }: { text: string }) => text.startsWith('[agentdock] loading') && text.includes(outageMessage(path))],
    ]),
  );
}

test.describe('Dashboard', () => {
  test('asks a signed-out visitor to sign in', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(pageHeading(page, 'Dashboard')).toBeVisible();
    await expect(mainContent(page).getByText('Please sign in to access your dashboard')).toBeVisible();
    await mainContent(page).getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/signin$/);
  });

  test.describe('while chat and billing are down', () => {
    test.use({ expectedConsoleErrors: outageErrors(CHAT_AND_BILLING) });

    test("a fresh user still sees their account; only chat's and billing's cards say they failed; the tab follows the URL and the keyboard", async ({ page, request }) => {
      const account = await createAccount(request, uniqueEmail('dash'), 'Dana Dashboard');
      await signInBrowser(page, account);
      await takeDown(page, CHAT_AND_BILLING);
      await page.goto('/dashboard');

      await expect(pageHeading(page, 'Welcome back, Dana Dashboard')).toBeVisible();
      await expect(mainContent(page).getByRole('link', { name: 'Start Chat' }).first()).toHaveAttribute('href', '/chat');

      const info = card(page, 'Account Information');
      await expect(info.getByText(account.email)).toBeVisible();
      await expect(info.getByText('Dana Dashboard')).toBeVisible();
      await expect(info.getByText('Free', { exact: true })).toBeVisible();
      await expect(info.getByText(new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }))).toBeVisible();

      const credits = card(page, 'Platform Credits');
      const badge = credits.locator('.ad-tier-badge');
      await expect(badge).toHaveText('Free');
      await expect(badge).toHaveCSS('text-transform', 'uppercase');
      for (const name of ['Platform Credits', 'API Calls', 'Renewal']) {
        await expect(card(page, name).getByRole('alert')).toContainText('Failed to load credits and API calls');
      }
      await expect(card(page, 'Usage Statistics').getByRole('alert')).toContainText('Failed to load usage statistics');
      await expect(mainContent(page).getByText('Error Loading Dashboard')).toHaveCount(0);

      // Tabs: in the URL, and by keyboard.
      const overview = page.getByRole('tab', { name: 'Overview' });
      await expect(overview).toHaveAttribute('aria-selected', 'true');
      await overview.focus();
      await page.keyboard.press('ArrowRight');
      await expect(page).toHaveURL(/\/dashboard\?tab=subscription$/);
      const subscription = page.getByRole('tab', { name: 'Subscription' });
      await expect(subscription).toBeFocused();
      await expect(subscription).toHaveAttribute('aria-selected', 'true');
      await expect(mainContent(page).getByRole('heading', { name: 'Error Loading Subscription' })).toBeVisible();
      await expect(mainContent(page).getByText('Failed to load subscription information')).toBeVisible();

      await page.reload();
      await expect(page.getByRole('tab', { name: 'Subscription' })).toHaveAttribute('aria-selected', 'true');
      await page.getByRole('tab', { name: 'Overview' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);

      await card(page, 'Account Information').getByRole('button', { name: 'Manage Subscription' }).click();
      await expect(page).toHaveURL(/\/dashboard\?tab=subscription$/);
      await expect(page.getByRole('tab', { name: 'Subscription' })).toBeFocused();
    });
  });

  test.describe('while every source of the overview is down', () => {
    test.use({ expectedConsoleErrors: outageErrors(['/api/identity/me', ...CHAT_AND_BILLING]) });

    test('shows Error Loading Dashboard, and Try Again loads again without reloading the page', async ({ page, request }) => {
      const account = await createAccount(request, uniqueEmail('dash-down'), 'Dora Down');
      await signInBrowser(page, account);
      const restoreIdentity = await takeDown(page, ['/api/identity/me']);
      await takeDown(page, CHAT_AND_BILLING);
      await page.goto('/dashboard');

      await expect(mainContent(page).getByRole('heading', { name: 'Error Loading Dashboard' })).toBeVisible();
      await expect(mainContent(page).getByText(outageMessage('/api/identity/me'))).toBeVisible();

      await restoreIdentity();
      await page.evaluate(() => {
        (window as Window & { __samePage?: boolean }).__samePage = true;
      });
      await mainContent(page).getByRole('button', { name: 'Try Again' }).click();
      await expect(card(page, 'Account Information').getByText(account.email)).toBeVisible();
      await expect(mainContent(page).getByText('Error Loading Dashboard')).toHaveCount(0);
      expect(await page.evaluate(() => (window as Window & { __samePage?: boolean }).__samePage)).toBe(true);
    });
  });
});

/** The fields of chat's GET /api/chat/wallet this suite checks. */
interface WalletFigures {
  creditsRemaining: number;
  creditsLimit: number;
  apiCallsUsed: number;
  apiCallsLimit: number;
  renewsAt: string;
}

async function walletOf(request: APIRequestContext, account: Account): Promise<WalletFigures> {
  const response = await request.get('/api/chat/wallet', { headers: bearer(account) });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as WalletFigures;
}

const count = (value: number) => value.toLocaleString('en-US');
const DAY_MS = 24 * 60 * 60 * 1000;

test.describe('Dashboard figures from chat', () => {
  test("a fresh free user's wallet: the free plan's credits and API calls, the renewal, and no usage yet", async ({ page, request }) => {
    const account = await createAccount(request, uniqueEmail('dash-wallet'), 'Wanda Wallet');
    await signInBrowser(page, account);
    const plans = (await (await request.get('/api/catalog/plans')).json()) as { plans: Array<{ id: string; platformCreditsLimit: number; apiCallsLimit: number }> };
    const free = plans.plans.find((plan) => plan.id === 'free')!;
    const wallet = await walletOf(request, account);
    expect(wallet).toMatchObject({ creditsRemaining: free.platformCreditsLimit, creditsLimit: free.platformCreditsLimit, apiCallsUsed: 0, apiCallsLimit: free.apiCallsLimit });
    // Counted before the page does: by the time it renders, a day boundary may have passed.
    const days = Math.ceil((new Date(wallet.renewsAt).getTime() - Date.now()) / DAY_MS);

    await page.goto('/dashboard');
    const credits = card(page, 'Platform Credits');
    await expect(credits.getByTestId('credits-remaining')).toHaveText(count(free.platformCreditsLimit));
    await expect(credits.getByText('platform credits available')).toBeVisible();
    await expect(credits.getByRole('progressbar', { name: 'Platform credits remaining' })).toHaveAttribute('aria-valuenow', '100');

    const calls = card(page, 'API Calls');
    await expect(calls.getByTestId('api-calls')).toHaveText(`0 / ${count(free.apiCallsLimit)}`);
    await expect(calls.getByText(`Monthly limit: ${count(free.apiCallsLimit)}`)).toBeVisible();
    await expect(calls.getByText(`${count(free.apiCallsLimit)} calls remaining`)).toBeVisible();

    const renewal = card(page, 'Renewal');
    await expect(renewal.getByTestId('days-until-renewal')).toHaveText(new RegExp(`^(${days}|${days - 1})$`));
    const renewsOn = new Date(wallet.renewsAt).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
    await expect(renewal.getByText(`Renews on ${renewsOn}`)).toBeVisible();

    await expect(card(page, 'Usage Statistics').getByText('No usage data available')).toBeVisible();
    const chart = card(page, 'Credits Used per Day');
    await expect(chart.getByRole('img', { name: /Credits used per day/ })).toBeVisible();
    await expect(chart.locator('rect')).toHaveCount(30);
    await expect(chart.getByRole('img')).toContainText('No platform credits used in the last 30 days.');
  });
});

test.describe('Dashboard after chatting', () => {
  test("a chat message spends credits: Refresh shows the new balance, the usage and today's bar", async ({ page, request }) => {
    const account = await createAccount(request, uniqueEmail('dash-chat'), 'Chris Chat');
    await signInBrowser(page, account);
    await page.goto('/dashboard');
    const before = await walletOf(request, account);
    await expect(card(page, 'Platform Credits').getByTestId('credits-remaining')).toHaveText(count(before.creditsRemaining));
    await expect(card(page, 'Usage Statistics').getByText('No usage data available')).toBeVisible();

    const agents = (await (await request.get('/api/chat/agents', { headers: bearer(account) })).json()) as { agents: Array<{ id: string; producesImages: boolean }> };
    const agent = agents.agents.find((candidate) => !candidate.producesImages)!;
    const sent = await request.post(`/api/chat/agents/${agent.id}/messages`, { headers: bearer(account), data: { message: 'Give me three ideas for a product launch.' } });
    expect(sent.ok(), await sent.text()).toBe(true);
    expect(await sent.text()).toContain('event: done');
    const after = await walletOf(request, account);
    const spent = before.creditsRemaining - after.creditsRemaining;
    expect(spent).toBeGreaterThan(0);

    // Nothing changes until the customer asks for fresh figures.
    await expect(card(page, 'Platform Credits').getByTestId('credits-remaining')).toHaveText(count(before.creditsRemaining));
    await mainContent(page).getByRole('button', { name: 'Refresh' }).click();
    await expect(card(page, 'Platform Credits').getByTestId('credits-remaining')).toHaveText(count(after.creditsRemaining));
    await expect(card(page, 'API Calls').getByTestId('api-calls')).toHaveText(`${count(after.apiCallsUsed)} / ${count(after.apiCallsLimit)}`);
    await expect(card(page, 'Usage Statistics').getByTestId('total-messages')).toHaveText('1');
    await expect(card(page, 'Usage Statistics').getByTestId('total-credits-used')).toHaveText(count(spent));

    const chart = card(page, 'Credits Used per Day');
    const today = new Date().toISOString().slice(0, 10);
    await expect(chart.locator(`rect[data-date="${today}"]`)).toHaveAttribute('data-credits', String(spent));
    await chart.getByText('Show the numbers').click();
    const todayRow = chart.locator(`tr[data-date="${today}"]`);
    await expect(todayRow.getByRole('cell')).toHaveText([count(spent), '1']);
  });
});

test.describe('Subscription tab from billing', () => {
  test('a free user: no upcoming payment, Current Plan on Free, Upgrade Now on the paid plans, annual prices on the toggle', async ({ page, request }) => {
    const account = await createAccount(request, uniqueEmail('dash-sub'), 'Sam Subscriber');
    await signInBrowser(page, account);
    await page.goto('/dashboard?tab=subscription');

    const summary = card(page, 'Your Subscription');
    await expect(summary.locator('.ad-tier-badge')).toHaveText('Free');
    await expect(summary.getByText('No upcoming payment')).toBeVisible();
    const plan = (name: string) => mainContent(page).getByRole('article', { name, exact: true });
    await expect(plan('Free').getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    await expect(plan('Starter').getByRole('button', { name: 'Upgrade Now' })).toBeEnabled();
    await expect(plan('Pro').getByRole('button', { name: 'Upgrade Now' })).toBeEnabled();
    await expect(plan('Enterprise').getByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', /^mailto:/);

    await expect(mainContent(page).getByText('Save up to 15%')).toBeVisible();
    await mainContent(page)
      .getByRole('radio', { name: /^Annual/ })
      .check();
    await expect(plan('Starter').getByText('Billed annually at $540 per year')).toBeVisible();
    await expect(plan('Pro').getByText('$85', { exact: true })).toBeVisible();
  });
});

test.describe('Plan changes from the Subscription tab', () => {
  const tierOf = async (request: APIRequestContext, account: Account) =>
    ((await (await request.get('/api/identity/me', { headers: bearer(account) })).json()) as { subscriptionTier: string }).subscriptionTier;

  test('a Starter subscriber upgrades to Pro after seeing the prorated price, and downgrades back', async ({ page, request }) => {
    const account = await createAccount(request, uniqueEmail('dash-change'), 'Casey Change');
    await signInBrowser(page, account);
    await page.goto('/dashboard?tab=subscription');
    const plan = (name: string) => mainContent(page).getByRole('article', { name, exact: true });
    await plan('Starter').getByRole('button', { name: 'Upgrade Now' }).click();
    await expect(page).toHaveURL(new RegExp(`:${E2E_PORTS.STRIPE_LOCAL_PORT}/checkout/cs_test_`));
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByText(/Your Starter plan is now active\./)).toBeVisible();
    await expect.poll(() => tierOf(request, account)).toBe('starter');

    await page.goto('/dashboard?tab=subscription');
    await expect(plan('Starter').getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    await plan('Pro').getByRole('button', { name: 'Upgrade Now' }).click();
    const confirm = mainContent(page).getByRole('region', { name: 'Change from Starter to Pro, billed monthly?' });
    await expect(confirm.getByText(/^You pay \$\d+\.\d\d now: the price difference for the rest of the current billing period\. After that, Pro costs \$100/)).toBeVisible();
    await confirm.getByRole('button', { name: 'Confirm Change' }).click();
    await expect(mainContent(page).getByText('Your subscription has been successfully activated!')).toBeVisible();
    await expect.poll(() => tierOf(request, account)).toBe('professional');
    // The upgrade adds Pro's extra 1,000,000 for the part of the month still to run (seconds of it
    // have gone by since the Starter payment), never more, as the card provider prorates the price.
    await expect.poll(async () => (await walletOf(request, account)).creditsLimit).toBeGreaterThan(1_990_000);
    expect((await walletOf(request, account)).creditsLimit).toBeLessThanOrEqual(2_000_000);
    await mainContent(page).getByRole('button', { name: 'Refresh' }).click();
    await expect(plan('Pro').getByRole('button', { name: 'Current Plan' })).toBeDisabled();

    await plan('Starter').getByRole('button', { name: 'Downgrade Now' }).click();
    const back = mainContent(page).getByRole('region', { name: 'Change from Pro to Starter, billed monthly?' });
    await expect(back.getByText(/is credited to your next invoice\./)).toBeVisible();
    await back.getByRole('button', { name: 'Confirm Change' }).click();
    await expect(mainContent(page).getByText('Your subscription has been successfully activated!')).toBeVisible();
    await expect.poll(() => tierOf(request, account)).toBe('starter');
    await expect.poll(async () => (await walletOf(request, account)).creditsLimit).toBe(1_000_000);
    await mainContent(page).getByRole('button', { name: 'Refresh' }).click();
    await expect(plan('Starter').getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    await expect(plan('Pro').getByRole('button', { name: 'Upgrade Now' })).toBeEnabled();
  });
});

test.describe('Dashboard at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a long name and email wrap: no sideways scroll on either tab, and no serious accessibility violations', async ({ page, request }) => {
    const longName = 'Maximiliana Wilhelmina Theodora Konstantinopoulou-Vanderbilt';
    const account = await createAccount(request, uniqueEmail('a-very-long-local-part-for-the-dashboard-layout-check'), longName);
    await signInBrowser(page, account);

    await page.goto('/dashboard');
    await expect(pageHeading(page, `Welcome back, ${longName}`)).toBeVisible();
    await expect(card(page, 'Account Information').getByText(account.email)).toBeVisible();
    await expect(card(page, 'Platform Credits').getByTestId('credits-remaining')).toBeVisible();
    await card(page, 'Credits Used per Day').getByText('Show the numbers').click();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page, 'main');

    await page.getByRole('tab', { name: 'Subscription' }).click();
    await expect(card(page, 'Your Subscription')).toBeVisible();
    await expect(mainContent(page).getByRole('article', { name: 'Pro', exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page, 'main');
  });
});
