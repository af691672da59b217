/** @jest-environment @agentdock/session/jsdom-environment */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jsonResponse } from '@agentdock/session/testing';
import { redirectTo } from './browser';
import { dashboardServices, renderDashboard, subscriptionFixture, walletFixture } from './testing';

jest.mock('./browser', () => ({ redirectTo: jest.fn() }));

const TRIAL_END = '2026-12-12T09:30:00.000Z';

function trialing(trial: { cardOnFile: boolean; firstCharge: number }, overrides: Parameters<typeof subscriptionFixture>[0] = {}) {
  const services = dashboardServices({ subscriptionTier: 'starter' });
  services.on('GET /api/chat/wallet', jsonResponse(200, walletFixture({ tier: 'starter', creditsRemaining: 900_000, creditsLimit: 1_000_000 })));
  services.on(
    'GET /api/billing/subscriptions',
    jsonResponse(200, { subscriptions: [subscriptionFixture({ status: 'trialing', trial: { endsAt: TRIAL_END, ...trial }, ...overrides })] }),
  );
  return services;
}

const notice = () => screen.getByText(/^Free trial — ends on/).closest('[role="status"]') as HTMLElement;

beforeEach(() => (redirectTo as jest.Mock).mockReset());

describe('a trial on the Subscription tab', () => {
  it('says when it ends and what the card on file will be charged then, after the discount', async () => {
    renderDashboard('/dashboard?tab=subscription', trialing({ cardOnFile: true, firstCharge: 4_000 }));
    await screen.findByRole('region', { name: 'Your Subscription' });
    expect(notice().textContent).toBe('Free trial — ends on 12 Dec. Your card will be charged $40 then.');
    expect(within(notice()).queryByRole('button')).toBeNull();
  });

  it('without a card, says the plan is kept only by adding one, and Add a Card opens the billing portal', async () => {
    const services = trialing({ cardOnFile: false, firstCharge: 5_000 });
    services.on('POST /api/billing/portal', jsonResponse(200, { url: 'https://billing.example/p/session_3' }));
    renderDashboard('/dashboard?tab=subscription', services);
    await screen.findByRole('region', { name: 'Your Subscription' });
    expect(notice().textContent).toBe('Free trial — ends on 12 Dec. Add a card before then to keep Starter.Add a Card');
    fireEvent.click(within(notice()).getByRole('button', { name: 'Add a Card' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://billing.example/p/session_3'));
  });

  it('leaves a trial set to end to the cancelling banner, and says nothing of a trial once paid', async () => {
    const { unmount } = renderDashboard('/dashboard?tab=subscription', trialing({ cardOnFile: true, firstCharge: 5_000 }, { cancelAtPeriodEnd: true }));
    await screen.findByText(/Your Starter plan ends on/);
    expect(screen.queryByText(/^Free trial/)).toBeNull();
    unmount();
    renderDashboard('/dashboard?tab=subscription', trialing({ cardOnFile: true, firstCharge: 5_000 }, { status: 'active', trial: null }));
    await screen.findByRole('region', { name: 'Your Subscription' });
    expect(screen.queryByText(/^Free trial/)).toBeNull();
  });
});
