/** @jest-environment @agentdock/session/jsdom-environment */
import { fireEvent, screen } from '@testing-library/react';
import { BILLING_TEXTS } from '@agentdock/contracts';
import { jsonResponse } from '@agentdock/session/testing';
import { renderAuthPage } from '../auth/testing';
import { dashboardServices, subscriptionFixture } from '../dashboard/testing';
import ManageSubscriptionPage from './manage-subscription-page';
import { formatDate } from './subscription-format';

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

const render = (services: ReturnType<typeof dashboardServices>) =>
  renderAuthPage('/manage-subscription', { '/manage-subscription': <ManageSubscriptionPage /> }, { identity: services, signedIn: true });

describe('manage subscription page', () => {
  it('shows "Ends on" with Resume subscription for a subscription set to end, and "Next Billing" again once resumed', async () => {
    const services = dashboardServices();
    let current = subscriptionFixture({ cancelAtPeriodEnd: true, price: { unitAmount: 54_000, currency: 'usd', interval: 'year' } });
    services.on('GET /api/billing/subscriptions', () => jsonResponse(200, { subscriptions: [current] }));
    services.on('POST /api/billing/subscriptions/sub_123/resume', () => {
      current = { ...current, cancelAtPeriodEnd: false };
      return jsonResponse(200, current);
    });
    render(services);

    const end = formatDate(current.currentPeriodEnd);
    expect(await screen.findByText(`Ends on ${end}`)).toBeTruthy();
    expect(screen.queryByText(/Next Billing/)).toBeNull();
    expect(screen.getByText('$45 per month, billed annually at $540')).toBeTruthy();
    expect(screen.getByText(BILLING_TEXTS.cancelAtPeriodEnd)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Resume subscription' }));
    expect(await screen.findByText(`Next Billing: ${end}`)).toBeTruthy();
    expect(screen.queryByText(/Ends on/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resume subscription' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel Subscription' })).toBeTruthy();
    expect(services.callsTo('POST /api/billing/subscriptions/sub_123/resume')).toHaveLength(1);
  });

  it('tells someone with no subscription there is no billing to manage instead of opening the portal', async () => {
    const services = dashboardServices();
    render(services);
    expect(await screen.findByText('No Active Subscriptions')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Manage Billing' }));
    expect(await screen.findByText(BILLING_TEXTS.noSubscriptionForPortal)).toBeTruthy();
    expect(services.callsTo('POST /api/billing/portal')).toHaveLength(0);
  });
});
