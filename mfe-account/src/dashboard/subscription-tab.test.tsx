/** @jest-environment @agentdock/session/jsdom-environment */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorResponse, jsonResponse } from '@agentdock/session/testing';
import { redirectTo } from './browser';
import { formatDate } from './format';
import { WALLET_FAILED } from './overview-cards';
import { SUBSCRIPTION_FAILED } from './subscription-tab';
import { dashboardServices, held, invoiceFixture, renderDashboard, subscriptionFixture, walletFixture } from './testing';
import { CHANGE_FAILED, CHANGE_SUCCEEDED, CHECKOUT_FAILED, PORTAL_FAILED } from './use-plan-change';

jest.mock('./browser', () => ({ redirectTo: jest.fn() }));

const plan = (name: string) => screen.getByRole('article', { name });
const planButton = (name: string) => within(plan(name)).getByRole('button');
const summary = () => screen.getByRole('region', { name: 'Your Subscription' });
const figure = (term: string) => within(summary()).getByText(term).nextElementSibling!.textContent;

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  (redirectTo as jest.Mock).mockReset();
});
afterEach(() => jest.restoreAllMocks());

function subscriber(tier: 'starter' | 'professional' = 'starter') {
  const services = dashboardServices({ subscriptionTier: tier });
  services.on('GET /api/chat/wallet', jsonResponse(200, walletFixture({ tier, creditsRemaining: 900_000, creditsLimit: 1_000_000, apiCallsUsed: 40, apiCallsLimit: 250 })));
  services.on('GET /api/billing/subscriptions', jsonResponse(200, { subscriptions: [subscriptionFixture({ tier })] }));
  return services;
}

describe('subscription tab', () => {
  it('shows a loading state until billing and the catalog answer', async () => {
    const services = dashboardServices();
    const subscriptions = held(jsonResponse(200, { subscriptions: [] }));
    services.on('GET /api/billing/subscriptions', subscriptions.respond);
    renderDashboard('/dashboard?tab=subscription', services);

    expect(await screen.findByText('Loading subscription…')).toBeTruthy();
    subscriptions.release();
    expect(await screen.findByRole('region', { name: 'Your Subscription' })).toBeTruthy();
    expect(screen.queryByText('Loading subscription…')).toBeNull();
  });

  it('shows Error Loading Subscription with Try Again when billing fails, and loads on retry', async () => {
    const services = dashboardServices();
    services.on('GET /api/billing/subscriptions', errorResponse(503, 'service_unavailable', 'Billing is down.'));
    renderDashboard('/dashboard?tab=subscription', services);

    expect(await screen.findByRole('heading', { name: 'Error Loading Subscription' })).toBeTruthy();
    expect(screen.getByText(SUBSCRIPTION_FAILED)).toBeTruthy();
    services.on('GET /api/billing/subscriptions', jsonResponse(200, { subscriptions: [] }));
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('region', { name: 'Your Subscription' })).toBeTruthy();
    expect(services.callsTo('GET /api/chat/wallet')).toHaveLength(1);
  });

  it("shows a free user's figures and plan buttons, with annual prices on the toggle", async () => {
    renderDashboard('/dashboard?tab=subscription');
    await screen.findByRole('region', { name: 'Your Subscription' });

    expect(within(summary()).getByText('Free').className).toContain('ad-tier-badge--free');
    expect(figure('Platform credits remaining')).toBe('40,000');
    expect(figure('API calls used')).toBe('12 / 50');
    expect(figure('Days until renewal')).toBe('11');
    expect(figure('Next billing date')).toBe('No upcoming payment');

    expect(planButton('Free').textContent).toBe('Current Plan');
    expect((planButton('Free') as HTMLButtonElement).disabled).toBe(true);
    expect(planButton('Starter').textContent).toBe('Upgrade Now');
    expect(planButton('Pro').textContent).toBe('Upgrade Now');
    const enterprise = within(plan('Enterprise')).getByRole('link', { name: 'Contact Sales' });
    expect(enterprise.getAttribute('href')).toMatch(/^mailto:sales@agentdock\.example/);

    expect(within(plan('Starter')).getByText('$50')).toBeTruthy();
    // The plan's numeric bullets come from its limits, as on the pricing page.
    expect(within(plan('Starter')).getByText('1,000,000 platform credits per month')).toBeTruthy();
    expect(within(plan('Starter')).getByText('Access to 5 AI agents')).toBeTruthy();
    expect(within(plan('Starter')).getByText('250 API calls per month')).toBeTruthy();
    expect(screen.getByText('Save up to 15%')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Annual/ }));
    expect(within(plan('Starter')).getByText('$45')).toBeTruthy();
    expect(within(plan('Starter')).getByText('Billed annually at $540 per year')).toBeTruthy();
    expect(within(plan('Pro')).getByText('$85')).toBeTruthy();
  });

  it("starts checkout for a free user's Upgrade Now, with the chosen period", async () => {
    const services = dashboardServices();
    services.on('POST /api/billing/checkout', jsonResponse(200, { url: 'https://checkout.example/c/session_1' }));
    renderDashboard('/dashboard?tab=subscription', services);
    await screen.findByRole('region', { name: 'Your Subscription' });

    fireEvent.click(screen.getByRole('radio', { name: /Annual/ }));
    fireEvent.click(planButton('Pro'));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://checkout.example/c/session_1'));
    expect(services.callsTo('POST /api/billing/checkout')[0]!.body).toEqual({ kind: 'plan', planId: 'professional', billingPeriod: 'annual' });
  });

  it('says so when checkout cannot start', async () => {
    const services = dashboardServices();
    services.on('POST /api/billing/checkout', errorResponse(502, 'provider_unavailable', 'The payment provider did not answer.'));
    renderDashboard('/dashboard?tab=subscription', services);
    await screen.findByRole('region', { name: 'Your Subscription' });

    fireEvent.click(planButton('Starter'));
    expect((await screen.findByRole('alert')).textContent).toBe(CHECKOUT_FAILED);
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('changes a running subscription after a confirmation that states the price difference', async () => {
    const services = subscriber();
    services.on('POST /api/billing/subscriptions/sub_123/change-plan/preview', jsonResponse(200, { amountDue: 2500, currency: 'usd' }));
    services.on('POST /api/billing/subscriptions/sub_123/change-plan', jsonResponse(200, subscriptionFixture({ tier: 'professional' })));
    renderDashboard('/dashboard?tab=subscription', services);
    await screen.findByRole('region', { name: 'Your Subscription' });

    expect(figure('Platform credits remaining')).toBe('900,000');
    expect(figure('API calls used')).toBe('40 / 250');
    expect(figure('Next billing date')).toBe(formatDate(new Date(Date.UTC(2026, 11, 24, 12))));
    expect(planButton('Starter').textContent).toBe('Current Plan');
    expect(planButton('Free').textContent).toBe('Downgrade Now');
    expect(planButton('Pro').textContent).toBe('Upgrade Now');

    fireEvent.click(planButton('Pro'));
    const confirmation = await screen.findByRole('region', { name: 'Change from Starter to Pro, billed monthly?' });
    expect(
      within(confirmation).getByText(/You pay \$25\.00 now: the price difference for the rest of the current billing period\. After that, Pro costs \$100 per month\./),
    ).toBeTruthy();
    expect(document.activeElement).toBe(confirmation);
    expect(services.callsTo('POST /api/billing/subscriptions/sub_123/change-plan/preview')[0]!.body).toEqual({ planId: 'professional', billingPeriod: 'monthly' });
    expect(services.callsTo('POST /api/billing/subscriptions/sub_123/change-plan')).toHaveLength(0);

    const walletCalls = services.callsTo('GET /api/chat/wallet').length;
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Confirm Change' }));
    expect(await screen.findByText(CHANGE_SUCCEEDED)).toBeTruthy();
    expect(services.callsTo('POST /api/billing/subscriptions/sub_123/change-plan')[0]!.body).toEqual({ planId: 'professional', billingPeriod: 'monthly' });
    await waitFor(() => expect(services.callsTo('GET /api/chat/wallet').length).toBeGreaterThan(walletCalls));
    expect(screen.queryByRole('region', { name: /Change from/ })).toBeNull();
  });

  it('states a credit for a downgrade, changes nothing when cancelled, and reports a failed change', async () => {
    const services = subscriber('professional');
    services.on('POST /api/billing/subscriptions/sub_123/change-plan/preview', jsonResponse(200, { amountDue: -2500, currency: 'usd' }));
    services.on('POST /api/billing/subscriptions/sub_123/change-plan', errorResponse(402, 'card_declined', 'Your card was declined.'));
    renderDashboard('/dashboard?tab=subscription', services);
    await screen.findByRole('region', { name: 'Your Subscription' });
    expect(planButton('Pro').textContent).toBe('Current Plan');

    expect(planButton('Starter').textContent).toBe('Downgrade Now');
    fireEvent.click(planButton('Starter'));
    let confirmation = await screen.findByRole('region', { name: 'Change from Pro to Starter, billed monthly?' });
    expect(within(confirmation).getByText(/The unused part of your current plan, \$25\.00, is credited to your next invoice\./)).toBeTruthy();
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: /Change from/ })).toBeNull();

    fireEvent.click(planButton('Starter'));
    confirmation = await screen.findByRole('region', { name: /Change from/ });
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Confirm Change' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CHANGE_FAILED);
  });

  it('shows the grace period of a past-due subscription with a way to fix the card', async () => {
    const services = subscriber();
    services.on('GET /api/billing/subscriptions', jsonResponse(200, { subscriptions: [subscriptionFixture({ status: 'past_due', graceEndsAt: '2026-12-01T12:00:00.000Z' })] }));
    services.on('POST /api/billing/portal', errorResponse(502, 'provider_unavailable', 'No answer.'));
    renderDashboard('/dashboard?tab=subscription', services);
    await screen.findByRole('region', { name: 'Your Subscription' });

    const notice = screen.getByText('Your last payment failed.').closest('[role="alert"]')!;
    expect(notice.textContent).toContain(`Your Starter plan stays active until ${formatDate('2026-12-01T12:00:00.000Z')}; update your card before then to keep it.`);
    fireEvent.click(within(notice as HTMLElement).getByRole('button', { name: 'Update Payment Method' }));
    expect(await screen.findByText(PORTAL_FAILED)).toBeTruthy();

    services.on('POST /api/billing/portal', jsonResponse(200, { url: 'https://billing.example/p/session_2' }));
    fireEvent.click(within(notice as HTMLElement).getByRole('button', { name: 'Update Payment Method' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://billing.example/p/session_2'));
  });

  it('keeps billing figures when only the wallet fails', async () => {
    const services = subscriber();
    services.on('GET /api/chat/wallet', errorResponse(503, 'service_unavailable', 'Chat is down.'));
    renderDashboard('/dashboard?tab=subscription', services);
    await screen.findByRole('region', { name: 'Your Subscription' });

    expect(within(summary()).getByRole('alert').textContent).toContain(WALLET_FAILED);
    expect(figure('Next billing date')).toBe(formatDate(new Date(Date.UTC(2026, 11, 24, 12))));
    expect(planButton('Pro').textContent).toBe('Upgrade Now');
  });

  it('shows a plan set to end with its banner and no renewal, Resume keeps it, and the invoices are listed below', async () => {
    const services = subscriber();
    let current = subscriptionFixture({ cancelAtPeriodEnd: true });
    services.on('GET /api/billing/subscriptions', () => jsonResponse(200, { subscriptions: [current] }));
    services.on('POST /api/billing/subscriptions/sub_123/resume', () => {
      current = { ...current, cancelAtPeriodEnd: false };
      return jsonResponse(200, current);
    });
    services.on('GET /api/billing/invoices', jsonResponse(200, { invoices: [invoiceFixture()] }));
    renderDashboard('/dashboard?tab=subscription', services);
    await screen.findByRole('region', { name: 'Your Subscription' });

    const banner = screen.getByText(/Your Starter plan ends on/).closest('[role="status"]') as HTMLElement;
    expect(banner.textContent).toBe('Your Starter plan ends on 24 Dec — Resume');
    expect(figure('Next billing date')).toBe(`None: your plan ends on ${formatDate(new Date(Date.UTC(2026, 11, 24, 12)))}`);
    expect(within(summary()).getByText('Days until your plan ends')).toBeTruthy();
    expect(within(summary()).queryByText('Days until renewal')).toBeNull();
    const invoices = await screen.findByRole('region', { name: 'Invoices and receipts' });
    expect(within(invoices).getByRole('link', { name: 'Download PDF of Invoice AB12CD34-0001' }).getAttribute('href')).toBe('https://pay.example/invoice/in_123/pdf');

    fireEvent.click(within(banner).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(screen.queryByText(/Your Starter plan ends on/)).toBeNull());
    expect(services.callsTo('POST /api/billing/subscriptions/sub_123/resume')).toHaveLength(1);
    expect(within(summary()).getByText('Days until renewal')).toBeTruthy();
  });
});
