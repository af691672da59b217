/** @jest-environment @agentdock/session/jsdom-environment */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getWorkspaceStore } from '@agentdock/session';
import { errorResponse, jsonResponse, userFixture } from '@agentdock/session/testing';
import { formatDate } from './format';
import { WALLET_FAILED } from './overview-cards';
import { PROFILE_FAILED } from './overview-tab';
import { REFRESH_FAILED, SECOND_REFRESH_MS } from './dashboard-page';
import { SUCCESS_BANNER_MS } from './payment-banner';
import { dashboardServices, held, renderDashboard, subscriptionFixture, usageFixture, walletFixture } from './testing';

const region = (name: string | RegExp) => screen.getByRole('region', { name });
const findRegion = (name: string | RegExp) => screen.findByRole('region', { name });
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('dashboard overview', () => {
  it("shows a skeleton while the figures load, then every card from its service's answer", async () => {
    const services = dashboardServices({ fullName: 'Ada Lovelace', createdAt: '2025-03-14T10:00:00.000Z' });
    const wallet = held(jsonResponse(200, walletFixture({ purchasedCredits: 2_500 })));
    services.on('GET /api/chat/wallet', wallet.respond);
    renderDashboard('/dashboard', services);

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada Lovelace' })).toBeTruthy();
    expect(await screen.findByText('Loading your dashboard…')).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    wallet.release();

    const credits = await findRegion('Platform Credits');
    expect(within(credits).getByText('Free').className).toContain('ad-tier-badge--free');
    // The one balance: plan plus purchased credits, as the chat and the header show it (it once showed the plan credits alone).
    expect(within(credits).getByTestId('credits-remaining').textContent).toBe('42,500');
    expect(within(credits).getByText('platform credits available')).toBeTruthy();
    expect(within(credits).getByRole('progressbar', { name: 'Platform credits remaining' }).getAttribute('aria-valuenow')).toBe('80');
    expect(within(credits).getByTestId('purchased-credits').textContent).toBe('2,500 purchased credits (never expire)');

    const calls = region('API Calls');
    expect(within(calls).getByTestId('api-calls').textContent).toBe('12 / 50');
    expect(within(calls).getByText('Monthly limit: 50')).toBeTruthy();
    expect(within(calls).getByText('38 calls remaining')).toBeTruthy();
    expect(within(calls).getByRole('progressbar', { name: 'API calls used' }).getAttribute('aria-valuenow')).toBe('24');
    // API calls are requests with API keys: the card leads to them.
    expect(within(calls).getByRole('link', { name: 'Manage API keys' }).getAttribute('href')).toBe('/dashboard/api-keys');

    const renewal = region('Renewal');
    expect(within(renewal).getByTestId('days-until-renewal').textContent).toBe('11');
    expect(within(renewal).getByText('days until credits refill')).toBeTruthy();
    expect(within(renewal).getByText(`Credits refill on ${formatDate(walletFixture().refillsAt)}`)).toBeTruthy();
    expect(within(renewal).getByText(`Renews on ${formatDate(walletFixture().renewsAt)}`)).toBeTruthy();

    const usage = region('Usage Statistics');
    expect(within(usage).getByTestId('total-messages').textContent).toBe('4');
    expect(within(usage).getByTestId('total-credits-used').textContent).toBe('10,000');
    // This month's use counts the API too (the reported 75,900 beside a balance 88,700 lower left it out).
    expect(within(usage).getByTestId('used-this-month').firstChild!.textContent).toBe('88,700');
    expect(within(usage).getByTestId('used-this-month-parts').textContent).toBe('75,900 in chat · 12,800 through the API');
    // 25.4 shown with 0 decimals; the token total in M.
    expect(within(usage).getByTestId('average-tokens').firstChild!.textContent).toBe('25');
    expect(within(usage).getByText('1.2M tokens in total')).toBeTruthy();

    const chart = within(region('Credits Used per Day')).getByRole('img', { name: /Credits used per day/ });
    expect(chart.querySelectorAll('rect')).toHaveLength(30);
    expect(chart.textContent).toContain('10,000 platform credits used in the last 30 days; the most on November 23, 2026 (6,000).');
    const today = within(region('Credits Used per Day')).getByRole('row', { name: /November 23, 2026/ });
    expect(
      within(today)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['6,000', '2']);

    const account = region('Account Information');
    expect(within(account).getByText('ada@example.com')).toBeTruthy();
    expect(within(account).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(account).getByText(formatDate('2025-03-14T10:00:00.000Z'))).toBeTruthy();
    const links = within(screen.getByRole('navigation', { name: 'Quick Links' }));
    expect(links.getByRole('link', { name: 'Start Chat' }).getAttribute('href')).toBe('/chat');
    expect(links.getByRole('link', { name: 'AI Agents' }).getAttribute('href')).toBe('/models');
    expect(links.getByRole('link', { name: 'Learn AI' }).getAttribute('href')).toBe('/courses');
    expect(links.getByRole('link', { name: 'API Keys' }).getAttribute('href')).toBe('/dashboard/api-keys');
    // The profile form of the account stays on the page.
    expect(screen.getByRole('button', { name: 'Save Profile' })).toBeTruthy();
  });

  it('says when a plan set to end ends instead of when it renews', async () => {
    const services = dashboardServices({ subscriptionTier: 'starter' });
    const ending = subscriptionFixture({ cancelAtPeriodEnd: true });
    services.on('GET /api/billing/subscriptions', jsonResponse(200, { subscriptions: [ending] }));
    renderDashboard('/dashboard', services);
    const renewal = await findRegion('Renewal');
    expect(await within(renewal).findByText(`Ends on ${formatDate(new Date(ending.currentPeriodEnd * 1000).toISOString())}`)).toBeTruthy();
    expect(within(renewal).queryByText(/Renews on/)).toBeNull();
  });

  it("counts down to an annual subscriber's monthly credit refill and shows the billing renewal a year away", async () => {
    const services = dashboardServices({ subscriptionTier: 'starter' });
    const refillsAt = new Date(Date.now() + 4.2 * 24 * 60 * 60 * 1000).toISOString();
    const renewsAt = new Date(Date.now() + 300 * 24 * 60 * 60 * 1000).toISOString();
    services.on('GET /api/chat/wallet', jsonResponse(200, walletFixture({ tier: 'starter', refillsAt, renewsAt })));
    renderDashboard('/dashboard', services);
    const renewal = await screen.findByRole('region', { name: 'Renewal' });
    expect((await within(renewal).findByTestId('days-until-renewal')).textContent).toBe('5');
    expect(within(renewal).getByText(`Credits refill on ${formatDate(refillsAt)}`)).toBeTruthy();
    expect(within(renewal).getByText(`Renews on ${formatDate(renewsAt)}`)).toBeTruthy();
  });

  it('says Not set for a missing name, hides purchased credits when there are none, and says when there is no usage', async () => {
    const services = dashboardServices({ fullName: null, subscriptionTier: 'professional' });
    services.on(
      'GET /api/chat/usage',
      jsonResponse(200, usageFixture({ messageCount: 0, totalCreditsUsed: 0, totalTokens: 0, averageTokensPerMessage: 0, thisPeriod: undefined })),
    );
    renderDashboard('/dashboard', services);

    const account = await findRegion('Account Information');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, ada@example.com' })).toBeTruthy();
    expect(within(account).getByText('Not set')).toBeTruthy();
    expect(within(account).getByText('Pro')).toBeTruthy();
    expect(within(region('Platform Credits')).getByText('Pro').className).toContain('ad-tier-badge--professional');
    expect(screen.queryByTestId('purchased-credits')).toBeNull();
    expect(within(region('Usage Statistics')).getByText('No usage data available')).toBeTruthy();
  });

  it("shows, in a team's workspace, the member's own use of the team's credits and its chart, without figures the pool does not keep", async () => {
    const ORG = '5f0c7d1e-3b7a-4d55-9a2e-0c1d2e3f4a5b';
    const me = userFixture().id;
    getWorkspaceStore().choose(me, { id: ORG, name: 'Acme' });
    try {
      const services = dashboardServices();
      services.on(
        `GET /api/chat/organisations/${ORG}/pool`,
        jsonResponse(200, {
          organisationId: ORG,
          tier: 'starter',
          seats: 2,
          creditsRemaining: 190_000,
          creditsLimit: 200_000,
          purchasedCredits: 0,
          periodStart: '2026-11-01T00:00:00.000Z',
          refillsAt: '2026-12-01T00:00:00.000Z',
          members: [],
        }),
      );
      services.on(
        `GET /api/chat/organisations/${ORG}/usage`,
        jsonResponse(200, {
          from: '2026-11-01',
          to: '2026-11-23',
          members: [
            {
              userId: me,
              days: [
                { date: '2026-11-22', credits: 4_000, messages: 2 },
                { date: '2026-11-23', credits: 2_500, messages: 1 },
              ],
            },
            { userId: '0b7c1d2e-3f4a-4b5c-8d6e-7f8091a2b3c4', days: [{ date: '2026-11-23', credits: 9_000, messages: 5 }] },
          ],
        }),
      );
      renderDashboard('/dashboard', services);
      const usage = await findRegion('Usage Statistics');
      expect(await within(usage).findByText('Your use of Acme’s credits')).toBeTruthy();
      expect(within(usage).getByTestId('used-this-month').firstChild!.textContent).toBe('6,500');
      expect(within(usage).getByTestId('total-messages').textContent).toBe('3');
      expect(within(usage).queryByTestId('average-tokens')).toBeNull();
      expect(within(usage).queryByTestId('used-this-month-parts')).toBeNull();
      const chart = within(region('Credits Used per Day')).getByRole('img', { name: /Credits used per day/ });
      expect(chart.textContent).toContain('6,500 platform credits used');
      expect(services.callsTo('GET /api/chat/usage')).toHaveLength(0);
    } finally {
      getWorkspaceStore().choose(me, null);
    }
  });

  it('degrades only the cards of a source that fails, and retries that source alone', async () => {
    const services = dashboardServices();
    services.on('GET /api/chat/wallet', errorResponse(503, 'service_unavailable', 'Chat is down for maintenance.'));
    renderDashboard('/dashboard', services);

    const credits = await findRegion('Platform Credits');
    for (const name of ['Platform Credits', 'API Calls', 'Renewal']) {
      expect(within(region(name)).getByRole('alert').textContent).toContain(WALLET_FAILED);
      expect(within(region(name)).getByText('Chat is down for maintenance.')).toBeTruthy();
    }
    // The other sources' figures are all there.
    expect(within(region('Usage Statistics')).getByTestId('total-messages').textContent).toBe('4');
    expect(within(region('Account Information')).getByText('ada@example.com')).toBeTruthy();
    expect(screen.queryByText('Error Loading Dashboard')).toBeNull();

    services.on('GET /api/chat/wallet', jsonResponse(200, walletFixture()));
    const usageCalls = services.callsTo('GET /api/chat/usage').length;
    fireEvent.click(within(credits).getByRole('button', { name: 'Try Again' }));
    expect(await within(credits).findByTestId('credits-remaining')).toBeTruthy();
    expect(services.callsTo('GET /api/chat/usage')).toHaveLength(usageCalls);
  });

  it('shows the profile failure in Account Information only', async () => {
    const services = dashboardServices();
    services.on('GET /api/identity/me', errorResponse(500, 'internal', 'Something broke on our side.'));
    renderDashboard('/dashboard', services);

    const account = await findRegion('Account Information');
    expect(within(account).getByRole('alert').textContent).toContain(PROFILE_FAILED);
    expect(within(region('Platform Credits')).getByTestId('credits-remaining')).toBeTruthy();
  });

  it('shows Error Loading Dashboard when nothing could be loaded, and Try Again loads again without leaving the page', async () => {
    const services = dashboardServices();
    const down = errorResponse(502, 'upstream_unavailable', 'The service is unavailable. Please try again.');
    for (const route of ['GET /api/identity/me', 'GET /api/chat/wallet', 'GET /api/chat/usage']) services.on(route, down);
    renderDashboard('/dashboard', services);

    expect(await screen.findByRole('heading', { name: 'Error Loading Dashboard' })).toBeTruthy();
    expect(screen.getByText('The service is unavailable. Please try again.')).toBeTruthy();

    const again = dashboardServices();
    for (const route of ['GET /api/identity/me', 'GET /api/chat/wallet', 'GET /api/chat/usage']) {
      services.on(route, (call) => again.fetch(call.path));
    }
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('credits-remaining')).toBeTruthy();
    expect(screen.queryByText('Error Loading Dashboard')).toBeNull();
    expect(services.callsTo('GET /api/chat/wallet')).toHaveLength(2);
  });

  it('Refresh reloads every figure with a busy state; a failed refresh keeps the figures and says so', async () => {
    const services = dashboardServices();
    renderDashboard('/dashboard', services);
    expect((await screen.findByTestId('credits-remaining')).textContent).toBe('40,000');

    const wallet = held(jsonResponse(200, walletFixture({ creditsRemaining: 39_000 })));
    services.on('GET /api/chat/wallet', wallet.respond);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    const busy = await screen.findByRole('button', { name: 'Refreshing…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    wallet.release();
    expect(await screen.findByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(screen.getByTestId('credits-remaining').textContent).toBe('39,000');
    for (const route of ['GET /api/identity/me', 'GET /api/chat/usage', 'GET /api/billing/subscriptions', 'GET /api/catalog/plans']) {
      expect(services.callsTo(route)).toHaveLength(2);
    }

    services.on('GET /api/chat/usage', errorResponse(503, 'service_unavailable', 'Chat is down.'));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText(new RegExp(REFRESH_FAILED))).toBeTruthy();
    expect(within(region('Usage Statistics')).getByTestId('total-messages').textContent).toBe('4');
  });
});

describe('dashboard tabs', () => {
  it('opens the Subscription tab from ?tab=subscription and keeps the tab in the URL', async () => {
    renderDashboard('/dashboard?tab=subscription');
    const subscriptionTab = await screen.findByRole('tab', { name: 'Subscription' });
    expect(subscriptionTab.getAttribute('aria-selected')).toBe('true');
    expect(await findRegion('Your Subscription')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(location()).toBe('/dashboard');
    expect(await findRegion('Platform Credits')).toBeTruthy();

    // Keyboard: arrows move between the tabs and select them.
    const overviewTab = screen.getByRole('tab', { name: 'Overview' });
    overviewTab.focus();
    fireEvent.keyDown(overviewTab, { key: 'ArrowRight' });
    expect(location()).toBe('/dashboard?tab=subscription');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Subscription' }));
    expect(screen.getByRole('tab', { name: 'Subscription' }).getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('tab', { name: 'Overview' }).getAttribute('tabindex')).toBe('-1');
  });

  it('Manage Subscription switches to the Subscription tab', async () => {
    renderDashboard();
    const account = await findRegion('Account Information');
    fireEvent.click(within(account).getByRole('button', { name: 'Manage Subscription' }));
    expect(location()).toBe('/dashboard?tab=subscription');
    expect(await findRegion('Your Subscription')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Subscription' }));
  });
});

describe('return from payment', () => {
  const fakeTimers = () => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });

  it('names the plan, clears the query, refreshes again after 2 s and hides the banner after 5 s', async () => {
    fakeTimers();
    const services = dashboardServices({ subscriptionTier: 'starter' });
    renderDashboard('/dashboard?subscription=success&plan=starter&tab=subscription', services);

    const banner = await screen.findByText(/Subscription Upgraded Successfully!/);
    expect(banner.closest('[role="status"]')!.textContent).toBe(
      'Subscription Upgraded Successfully!: Your Starter plan is now active. You have access to premium features and increased limits.',
    );
    expect(location()).toBe('/dashboard?tab=subscription');
    await screen.findByRole('region', { name: 'Your Subscription' });
    expect(services.callsTo('GET /api/chat/wallet')).toHaveLength(1);

    await act(async () => {
      jest.advanceTimersByTime(SECOND_REFRESH_MS - 1);
    });
    expect(services.callsTo('GET /api/chat/wallet')).toHaveLength(1);
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    for (const route of ['GET /api/identity/me', 'GET /api/chat/wallet', 'GET /api/chat/usage', 'GET /api/billing/subscriptions']) {
      await waitFor(() => expect(services.callsTo(route)).toHaveLength(2));
    }
    expect(screen.getByText(/Subscription Upgraded Successfully!/)).toBeTruthy();

    await act(async () => {
      jest.advanceTimersByTime(SUCCESS_BANNER_MS);
    });
    expect(screen.queryByText(/Subscription Upgraded Successfully!/)).toBeNull();
  });

  it('success=true also shows the success banner', async () => {
    renderDashboard('/dashboard?success=true&plan=professional');
    expect(await screen.findByText(/Your Pro plan is now active/)).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it('keeps the cancelled banner until it is dismissed', async () => {
    fakeTimers();
    renderDashboard('/dashboard?subscription=cancelled');
    const banner = (await screen.findByText(/Subscription Upgrade Cancelled:/)).closest('[role="status"]')!;
    expect(banner.textContent).toContain('Subscription Upgrade Cancelled: Your subscription upgrade was cancelled. You can try again anytime from the subscription page.');
    expect(location()).toBe('/dashboard');
    await act(async () => {
      jest.advanceTimersByTime(SUCCESS_BANNER_MS * 2);
    });
    expect(screen.getByText(/Subscription Upgrade Cancelled:/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/Subscription Upgrade Cancelled:/)).toBeNull();
  });
});
