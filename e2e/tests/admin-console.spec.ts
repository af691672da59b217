import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { type Account, adminAccount, bearer, createAccount, signInBrowser, submitSignInForm, uniqueEmail } from '../support/accounts';
import { failedRequest } from '../support/expected-errors';
import { expect, test } from '../support/fixtures';
import { mainContent, pageHeading } from '../support/site';

// The admin console against the real platform: every action goes through the owning service's
// admin API, shows its effect where customers see it, and appears in the merged Audit tab.

async function openConsole(page: Page, admin: Account, tab: string) {
  await signInBrowser(page, admin);
  await page.goto(`/admin?tab=${tab}`);
  await expect(pageHeading(page, 'Admin Dashboard')).toBeVisible();
}

async function findUserRow(page: Page, email: string): Promise<Locator> {
  await page.getByRole('searchbox', { name: 'Search by email or name' }).fill(email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = mainContent(page).getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  return row;
}

/** The Audit tab filtered to `filter`; returns the list of entries, newest first. */
async function auditEntries(page: Page, filter: { user?: string; action?: string }): Promise<Locator> {
  await page.getByRole('tab', { name: 'Audit', exact: true }).click();
  await expect(page).toHaveURL(/tab=audit/);
  if (filter.user) await page.getByLabel('Customer (email or ID)').fill(filter.user);
  if (filter.action) await page.getByLabel('Action', { exact: true }).selectOption({ label: filter.action });
  // The filtered answers replace the unfiltered list once every service has answered.
  const filtered = Promise.all(
    ['identity', 'catalog', 'chat', 'billing'].map((service) =>
      page.waitForResponse((response) => response.url().includes(`/api/${service}/admin/audit?`) && (!filter.user || response.url().includes('user='))),
    ),
  );
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await filtered;
  return page.getByRole('list', { name: 'Admin actions, newest first' }).getByRole('listitem');
}

/** The names of the agents a session may chat with (svc-chat reads the tier from the token). */
async function chatAgentNames(request: APIRequestContext, account: Pick<Account, 'accessToken'>): Promise<string[]> {
  const answer = await request.get('/api/chat/agents', { headers: bearer(account) });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { agents: Array<{ name: string }> }).agents.map((agent) => agent.name);
}

/** The user's wallet exists once svc-chat has handled the sign-up event. */
async function waitForWallet(request: APIRequestContext, user: Account) {
  await expect.poll(async () => (await request.get('/api/chat/wallet', { headers: bearer(user) })).status()).toBe(200);
}

test.describe('Admin console', () => {
  test('a signed-out visitor is denied but can sign in and come back to the console', async ({ page, request }) => {
    const admin = await adminAccount(request);
    await page.goto('/admin');
    await expect(pageHeading(page, 'Access Denied')).toBeVisible();
    await expect(page.getByText('Access denied. Admin privileges required.')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/signin\?returnUrl=%2Fadmin$/);
    await submitSignInForm(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(pageHeading(page, 'Admin Dashboard')).toBeVisible();
  });

  test('an admin’s tier change and suspension appear in svc-identity’s audit through the gateway', async ({ request }) => {
    const admin = await adminAccount(request);
    const user = await createAccount(request);
    for (const data of [{ subscriptionTier: 'starter' }, { isSuspended: true }]) {
      const changed = await request.patch(`/api/identity/admin/users/${user.userId}`, { headers: bearer(admin), data });
      expect(changed.ok(), await changed.text()).toBe(true);
    }
    const audit = await request.get(`/api/identity/admin/audit?user=${user.userId}`, { headers: bearer(admin) });
    expect(audit.ok(), await audit.text()).toBe(true);
    const { entries } = (await audit.json()) as { entries: Array<{ action: string; actorId: string; after: unknown }> };
    expect(entries.map(({ action, actorId, after }) => ({ action, actorId, after }))).toEqual([
      { action: 'user.suspend', actorId: admin.userId, after: { isSuspended: true } },
      { action: 'user.tier_change', actorId: admin.userId, after: { subscriptionTier: 'starter' } },
    ]);
  });

  test('changes a user’s tier and suspends them: their agents follow the tier, their session stops working, and both actions are audited', async ({
    page,
    request,
    playwright,
    baseURL,
  }) => {
    const admin = await adminAccount(request);
    const name = `Tier Test ${randomUUID().slice(0, 8)}`;
    // The user's own cookie jar, so refreshing their session is not mixed up with the admin's.
    const userRequest = await playwright.request.newContext({ baseURL });
    const user = await createAccount(userRequest, uniqueEmail('tier'), name);
    await waitForWallet(request, user);
    const freeAgents = await chatAgentNames(request, user);
    await openConsole(page, admin, 'users');

    const row = await findUserRow(page, user.email);
    await expect(row.locator('.ad-tier-badge')).toHaveText('Free');
    await expect(row.getByTestId('credits')).toHaveText('50,000');
    // The plan changes only once the admin has read what it does to the customer and confirmed.
    await row.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Change plan…' }).click();
    const change = page.getByRole('alertdialog', { name: `Change ${name}’s plan?` });
    await change.getByLabel('New plan').selectOption({ label: 'Pro' });
    await expect(change).toContainText(`${name} moves from Free to Pro now and gets Starter and Pro agents.`);
    await expect(change).toContainText('Their card is not charged.');
    await change.getByRole('button', { name: 'Change plan' }).click();
    await expect(row.locator('.ad-tier-badge')).toHaveText('Pro');

    // After their next refresh the token carries the Pro tier, and chat offers its agents too.
    const refreshed = await userRequest.post('/api/identity/token/refresh', { data: {} });
    expect(refreshed.ok(), await refreshed.text()).toBe(true);
    const professional = { accessToken: ((await refreshed.json()) as { accessToken: string }).accessToken };
    const professionalAgents = await chatAgentNames(request, professional);
    expect(professionalAgents.length).toBeGreaterThan(freeAgents.length);
    expect(professionalAgents).toEqual(expect.arrayContaining(freeAgents));
    await userRequest.dispose();

    await row.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Suspend…' }).click();
    const suspend = page.getByRole('alertdialog', { name: `Suspend ${name}?` });
    await expect(suspend).toContainText(`${name} will be signed out everywhere now and cannot sign in, chat or use their API keys until reactivated.`);
    await suspend.getByRole('button', { name: 'Suspend' }).click();
    await expect(row.getByText('Suspended', { exact: true })).toBeVisible();
    const profile = await request.get(`/api/identity/admin/users?q=${encodeURIComponent(user.email)}`, { headers: bearer(admin) });
    expect(((await profile.json()) as { users: Array<{ subscriptionTier: string; isSuspended: boolean }> }).users[0]).toMatchObject({
      subscriptionTier: 'professional',
      isSuspended: true,
    });
    // The user's open session is refused from now on, by every service.
    await expect.poll(async () => (await request.get('/api/chat/wallet', { headers: bearer(user) })).status()).toBe(403);

    const entries = await auditEntries(page, { user: user.email });
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText(`Site Admin suspended ${name}`);
    await expect(entries.nth(1)).toContainText(`Site Admin moved ${name} from the Free plan to the Pro plan`);
  });

  test.describe('credits', () => {
    test.use({
      expectedConsoleErrors: {
        'an adjustment without a reason is refused with 400': ({ text, url }) =>
          text.includes('status of 400') && /^\/api\/chat\/admin\/wallets\/[^/]+\/adjustments$/.test(new URL(url, 'http://site').pathname),
        'the console logs the refused adjustment': ({ text }) => text.startsWith('[agentdock] Failed to adjust credits'),
      },
    });

    test('adjusts a user’s credits with a reason: their dashboard shows it and the audit records it', async ({ page, request }) => {
      const admin = await adminAccount(request);
      const name = `Credit Test ${randomUUID().slice(0, 8)}`;
      const user = await createAccount(request, uniqueEmail('credits'), name);
      await waitForWallet(request, user);
      await openConsole(page, admin, 'users');

      const row = await findUserRow(page, user.email);
      await row.getByRole('button', { name: `Actions for ${name}` }).click();
      await page.getByRole('menuitem', { name: 'Credits…' }).click();
      const panel = mainContent(page).getByRole('region', { name: `Credits of ${name}` });
      await expect(panel.getByText('No replies yet.')).toBeVisible();
      await panel.getByLabel('Credits', { exact: true }).fill('2,500');
      await panel.getByRole('button', { name: 'Save Adjustment' }).click();
      await expect(panel.getByText('Give a reason')).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: 'Failed to adjust credits' })).toBeVisible();
      await page.getByRole('button', { name: 'Dismiss error' }).click();
      await panel.getByLabel('Reason').fill('Goodwill for an outage');
      await panel.getByRole('button', { name: 'Save Adjustment' }).click();
      await expect(panel.getByText('Granted 2,500 credits.')).toBeVisible();
      await expect(row.getByTestId('credits')).toHaveText('52,500');

      const entries = await auditEntries(page, { user: user.email, action: 'Adjusted credits' });
      await expect(entries).toHaveCount(1);
      await expect(entries.first()).toContainText('adjusted the credits of');
      await expect(entries.first()).toContainText(': "Goodwill for an outage"');

      // The user's own dashboard reads the same wallet.
      await page.context().clearCookies();
      await signInBrowser(page, user);
      await page.goto('/dashboard');
      await expect(mainContent(page).getByRole('region', { name: 'Platform Credits', exact: true }).getByTestId('credits-remaining')).toHaveText('52,500');
    });
  });

  test('edits a plan’s price: the pricing page shows it and the audit records it', async ({ page, request }) => {
    const admin = await adminAccount(request);
    const plans = (await (await request.get('/api/catalog/admin/plans', { headers: bearer(admin) })).json()) as {
      plans: Array<{ id: string; monthly: { amountMinor: number; priceId: string | null } | null }>;
    };
    const original = plans.plans.find((plan) => plan.id === 'starter')!.monthly;
    try {
      await openConsole(page, admin, 'plans');
      const card = mainContent(page)
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 3, name: 'Starter', exact: true }) });
      await card.getByRole('button', { name: 'Edit Starter' }).click();
      await expect(page.getByRole('heading', { name: 'Edit Plan' })).toBeFocused();
      await page.getByLabel('Monthly price ($)').fill('57.5');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(card.getByTestId('plan-price')).toHaveText('$57.50 / month');
      // Typed in dollars, stored in cents, exactly.
      const saved = (await (await request.get('/api/catalog/plans/starter')).json()) as { monthly: { amountMinor: number } };
      expect(saved.monthly.amountMinor).toBe(5_750);

      const entries = await auditEntries(page, { action: 'Edited plan' });
      await expect(entries.first()).toContainText("Site Admin changed Starter's monthly price from");
      await expect(entries.first()).toContainText('to $57.50');
      await expect(entries.first().locator('ins')).toHaveText('$57.50');

      await page.goto('/pricing');
      await expect(page.getByRole('article', { name: 'Starter', exact: true }).getByText('$57.50', { exact: true })).toBeVisible();
    } finally {
      const restored = await request.patch('/api/catalog/admin/plans/starter', { headers: bearer(admin), data: { monthly: original } });
      expect(restored.ok(), await restored.text()).toBe(true);
    }
  });

  test('creates an agent that /models lists and chat offers to its tier, then deletes it after the confirmation', async ({ page, request }) => {
    const admin = await adminAccount(request);
    const suffix = randomUUID().slice(0, 8);
    const name = `E2E Agent ${suffix}`;
    await openConsole(page, admin, 'agents');
    await page.getByRole('button', { name: 'Add Agent' }).click();
    await expect(page.getByRole('heading', { name: 'Create New Agent' })).toBeFocused();
    await expect(page.getByLabel('Tier')).toHaveValue('free');
    await page.getByLabel('Key').fill(`e2e-agent-${suffix}`);
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Description').fill('Drafts replies to customer emails.');
    await page.getByLabel('Provider agent ID').fill(`provider-${suffix}`);
    await page.getByLabel('Tier').selectOption({ label: 'Pro' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const card = mainContent(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
    await expect(card.locator('.ad-tier-badge')).toHaveText('Pro');

    // Chat offers it to Pro (professional) sessions only (its agent list follows catalog's events).
    const customer = await createAccount(request);
    const promoted = await request.patch(`/api/identity/admin/users/${customer.userId}`, { headers: bearer(admin), data: { subscriptionTier: 'professional' } });
    expect(promoted.ok(), await promoted.text()).toBe(true);
    const pro = await request.post('/api/identity/signin/password', { data: { email: customer.email, password: customer.password } });
    const proSession = { accessToken: ((await pro.json()) as { accessToken: string }).accessToken };
    await expect.poll(() => chatAgentNames(request, proSession)).toContain(name);
    // Chat judges by the tier billing or the admin set (the wallet's), not by the one a token was
    // signed with: the promoted customer's first token sees it too, so a free account is asked.
    expect(await chatAgentNames(request, customer)).toContain(name);
    expect(await chatAgentNames(request, await createAccount(request))).not.toContain(name);

    const entries = await auditEntries(page, { action: 'Created agent' });
    await expect(entries.first()).toContainText(`Site Admin created the agent ${name}`);

    await page.goto('/models');
    await expect(page.getByRole('article', { name, exact: true }).getByText('Drafts replies to customer emails.')).toBeVisible();

    await page.goto('/admin?tab=agents');
    await card.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this agent?' });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(card).toHaveCount(0);
  });

  test.describe('content', () => {
    // Chromium reports the injected handler against the page's CSP as soon as the sanitiser parses
    // it in its inert document; the handler never runs (the test checks it left no trace).
    test.use({
      expectedConsoleErrors: {
        'the CSP refuses the injected inline handler': ({ text }) => text.startsWith('Executing inline event handler violates'),
        // The sanitised image keeps its harmless src="x": the browser asks for /x, which is no page (404).
        'the injected image’s /x answers 404': failedRequest(404, '/x'),
      },
    });

    test('edits content with an injected script: preview and site render it harmless, and the audit records it', async ({ page, request }) => {
      const admin = await adminAccount(request);
      const sections = (await (await request.get('/api/catalog/admin/content', { headers: bearer(admin) })).json()) as {
        sections: Array<{ id: string; slot: string | null; content: string; format: string }>;
      };
      const intro = sections.sections.find((section) => section.slot === 'pricing.intro')!;
      const injected = '<p>Start free today.<img src="x" onerror="window.__xss=1"></p><script>window.__xss=2</script><a href="javascript:window.__xss=3">Plans</a>';
      try {
        await openConsole(page, admin, 'content');
        const card = mainContent(page)
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { level: 3, name: 'Plans for every stage of your business', exact: true }) });
        await expect(card.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
        await card.getByRole('button', { name: 'Edit Plans for every stage of your business' }).click();
        await expect(page.getByRole('heading', { name: 'Edit Content' })).toBeFocused();
        await page.getByLabel('Format').selectOption({ label: 'HTML' });
        await page.getByLabel('Content (HTML or Markdown)').fill(injected);
        const preview = page.getByTestId('content-preview');
        await expect(preview).toContainText('Start free today.');
        expect(await preview.innerHTML()).not.toMatch(/script|onerror|javascript:/);
        await page.getByRole('button', { name: 'Save', exact: true }).click();
        await expect(card.getByTestId('content-excerpt')).toContainText('Start free today.');

        const entries = await auditEntries(page, { action: 'Edited content' });
        await expect(entries.first()).toContainText("Site Admin changed Plans for every stage of your business's");
        await expect(entries.first().locator('ins').last()).toContainText('<p>Start free today.');

        // The served page is rendered again once its render cache entry expires (SSR_CACHE_TTL_MS).
        const header = mainContent(page).locator('.ad-page-header');
        await expect(async () => {
          await page.goto('/pricing');
          await expect(header.getByText('Start free today.')).toBeVisible({ timeout: 2_000 });
        }).toPass({ timeout: 20_000 });
        expect(await header.innerHTML()).not.toMatch(/<script|onerror|javascript:/);
        expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
      } finally {
        const restored = await request.patch(`/api/catalog/admin/content/${intro.id}`, { headers: bearer(admin), data: { content: intro.content, format: intro.format } });
        expect(restored.ok(), await restored.text()).toBe(true);
      }
    });
  });

  test('the console fits a 375 px screen: tabs, user cards and long emails stay inside it', async ({ page, request }) => {
    const admin = await adminAccount(request);
    const long = `a-very-long-address-${randomUUID()}@example.com`;
    await createAccount(request, long, 'Long Address');
    await page.setViewportSize({ width: 375, height: 800 });
    await openConsole(page, admin, 'users');
    // The search field's placeholder shows whole: its text is no wider than the field's content box.
    const search = page.getByRole('searchbox', { name: 'Search by email or name' });
    const fit = await search.evaluate((element) => {
      const input = element as HTMLInputElement;
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = style.font;
      return { text: context.measureText(input.placeholder).width, box: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) };
    });
    expect(fit.text).toBeLessThanOrEqual(fit.box);
    await findUserRow(page, long);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(mainContent(page).getByTitle(long)).toBeVisible();
  });
});
