/** @jest-environment @agentdock/session/jsdom-environment */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorResponse, jsonResponse } from '@agentdock/session/testing';
import { renderAuthPage } from '../auth/testing';
import DashboardPage from '../dashboard/dashboard-page';
import { dashboardServices, invoiceFixture, subscriptionFixture } from '../dashboard/testing';
import ManageSubscriptionPage from '../subscription/manage-subscription-page';

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

/** The dashboard's Subscription tab and Manage Subscription on one page, over one query cache. */
function renderBoth(services: ReturnType<typeof dashboardServices>) {
  return renderAuthPage(
    '/dashboard?tab=subscription',
    {
      '/dashboard': (
        <>
          <DashboardPage />
          <ManageSubscriptionPage />
        </>
      ),
    },
    { identity: services, signedIn: true },
  );
}

describe('the account area’s queries', () => {
  it('asks billing once for what two views show: the subscriptions and the invoices', async () => {
    const services = dashboardServices();
    services.on('GET /api/billing/subscriptions', jsonResponse(200, { subscriptions: [subscriptionFixture()] }));
    services.on('GET /api/billing/invoices', jsonResponse(200, { invoices: [invoiceFixture()] }));
    renderBoth(services);

    await screen.findByRole('region', { name: 'Your Subscription' });
    await waitFor(() => expect(screen.getAllByRole('region', { name: 'Invoices and receipts' })).toHaveLength(2));
    for (const list of screen.getAllByRole('region', { name: 'Invoices and receipts' })) await within(list).findByText(/Starter plan/);
    expect(services.callsTo('GET /api/billing/subscriptions')).toHaveLength(1);
    expect(services.callsTo('GET /api/billing/invoices')).toHaveLength(1);
  });

  it('a cancellation made in one view invalidates the subscriptions, so the other shows the plan ending without a reload', async () => {
    const services = dashboardServices();
    let current = subscriptionFixture();
    services.on('GET /api/billing/subscriptions', () => jsonResponse(200, { subscriptions: [current] }));
    services.on('POST /api/billing/subscriptions/sub_123/cancel', () => {
      current = { ...current, cancelAtPeriodEnd: true };
      return jsonResponse(200, current);
    });
    renderBoth(services);

    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirm cancellation' }));
    // Both views: Manage Subscription's banner and the Subscription tab's own notice with Resume.
    await waitFor(() => expect(screen.getAllByText(/Your Starter plan ends on/)).toHaveLength(2));
    expect(services.callsTo('GET /api/billing/subscriptions')).toHaveLength(2);
  });

  it('shows a failed load with Try Again, and the answer once the retry gets one', async () => {
    const services = dashboardServices();
    services.on('GET /api/billing/invoices', errorResponse(503, 'service_unavailable', 'Billing is down.'));
    renderAuthPage('/m', { '/m': <ManageSubscriptionPage /> }, { identity: services, signedIn: true });
    const invoices = await screen.findByRole('region', { name: 'Invoices and receipts' });
    expect(await within(invoices).findByText('Failed to load invoices')).toBeTruthy();

    services.on('GET /api/billing/invoices', jsonResponse(200, { invoices: [invoiceFixture()] }));
    fireEvent.click(within(invoices).getByRole('button', { name: 'Try Again' }));
    expect(await within(invoices).findByText(/Starter plan/)).toBeTruthy();
    expect(within(invoices).queryByText('Failed to load invoices')).toBeNull();
  });
});
