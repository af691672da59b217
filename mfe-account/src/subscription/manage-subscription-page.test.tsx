/** @jest-environment @agentdock/session/jsdom-environment */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BILLING_TEXTS } from '@agentdock/contracts';
import { errorResponse, jsonResponse } from '@agentdock/session/testing';
import { renderAuthPage } from '../auth/testing';
import { dashboardServices, invoiceFixture, subscriptionFixture } from '../dashboard/testing';
import ManageSubscriptionPage from './manage-subscription-page';
import { formatDate } from './subscription-format';

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

const render = (services: ReturnType<typeof dashboardServices>) =>
  renderAuthPage('/manage-subscription', { '/manage-subscription': <ManageSubscriptionPage /> }, { identity: services, signedIn: true });

describe('manage subscription page', () => {
  it('shows a subscription set to end with its banner, and "Next Billing" again once resumed from it', async () => {
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
    // The fixture's period ends on 24 December 2026 (UTC).
    const banner = screen.getByText(/Your Starter plan ends on/).closest('[role="status"]')!;
    expect(banner.textContent).toBe('Your Starter plan ends on 24 Dec — Resume');
    expect(screen.queryByText(/Next Billing/)).toBeNull();
    expect(screen.getByText('$45 per month, billed annually at $540')).toBeTruthy();
    expect(screen.getByText(BILLING_TEXTS.cancelAtPeriodEnd)).toBeTruthy();
    // The provider's id is not something a customer reads.
    expect(screen.queryByText(/sub_123/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();

    fireEvent.click(within(banner as HTMLElement).getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText(`Next Billing: ${end}`)).toBeTruthy();
    expect(screen.queryByText(/Ends on/)).toBeNull();
    expect(screen.queryByText(/Your Starter plan ends on/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel Subscription' })).toBeTruthy();
    expect(services.callsTo('POST /api/billing/subscriptions/sub_123/resume')).toHaveLength(1);
  });

  it('asks in a dialog before cancelling: Escape keeps the subscription, a confirmed cancellation sends the chosen reason and note', async () => {
    const confirm = jest.spyOn(window, 'confirm');
    const services = dashboardServices();
    let current = subscriptionFixture();
    services.on('GET /api/billing/subscriptions', () => jsonResponse(200, { subscriptions: [current] }));
    services.on('POST /api/billing/subscriptions/sub_123/cancel', () => {
      current = { ...current, cancelAtPeriodEnd: true };
      return jsonResponse(200, current);
    });
    render(services);

    const open = await screen.findByRole('button', { name: 'Cancel Subscription' });
    // A pointer click focuses the button before it acts, as a browser does.
    open.focus();
    fireEvent.click(open);
    let dialog = screen.getByRole('alertdialog', { name: 'Cancel your Starter plan?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByText(BILLING_TEXTS.cancelConfirm)).toBeTruthy();
    // The safe answer has the focus; Escape is the same answer, and focus returns to the button.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep subscription' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(open);
    expect(services.callsTo('POST /api/billing/subscriptions/sub_123/cancel')).toHaveLength(0);

    fireEvent.click(open);
    dialog = screen.getByRole('alertdialog');
    // Tab from the last control wraps to the first: focus stays in the dialog.
    const confirmButton = within(dialog).getByRole('button', { name: 'Confirm cancellation' });
    confirmButton.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).not.toBe(confirmButton);

    fireEvent.click(within(dialog).getByRole('radio', { name: 'It’s too expensive' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Anything else/ }), { target: { value: '  Too much for our team.  ' } });
    fireEvent.click(confirmButton);
    expect(await screen.findByText(/Your Starter plan ends on/)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const [call] = services.callsTo('POST /api/billing/subscriptions/sub_123/cancel');
    expect(call!.body).toEqual({ cancelAtPeriodEnd: true, reason: 'too_expensive', comment: 'Too much for our team.' });
    expect(confirm).not.toHaveBeenCalled();
  });

  it('keeps the dialog open with the error when cancelling fails, and sends no reason when none was chosen', async () => {
    const services = dashboardServices();
    services.on('GET /api/billing/subscriptions', () => jsonResponse(200, { subscriptions: [subscriptionFixture()] }));
    services.on('POST /api/billing/subscriptions/sub_123/cancel', errorResponse(502, 'payment_provider_error', 'Stripe is down'));
    render(services);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm cancellation' }));
    const dialog = screen.getByRole('alertdialog');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(BILLING_TEXTS.cancelFailed);
    const [call] = services.callsTo('POST /api/billing/subscriptions/sub_123/cancel');
    expect(call!.body).toEqual({ cancelAtPeriodEnd: true });
  });

  it('lists invoices and receipts with their page and PDF, and says when there are none or they failed to load', async () => {
    const services = dashboardServices();
    services.on('GET /api/billing/subscriptions', () => jsonResponse(200, { subscriptions: [subscriptionFixture()] }));
    services.on(
      'GET /api/billing/invoices',
      jsonResponse(200, {
        invoices: [
          invoiceFixture({
            id: 'in_2',
            billingReason: 'subscription_cycle',
            number: 'AB12CD34-0002',
            total: 6_000,
            tax: 1_000,
            issuedAt: '2026-12-27T10:00:00.000Z',
            hostedInvoiceUrl: 'https://pay.example/i/in_2',
            invoicePdfUrl: 'https://pay.example/invoice/in_2/pdf',
          }),
          invoiceFixture({
            id: 'in_3',
            kind: 'credit-pack',
            description: '500,000 platform credits',
            billingReason: 'manual',
            number: 'AB12CD34-0003',
            total: 1_000,
            status: 'open',
          }),
        ],
      }),
    );
    render(services);
    const list = await screen.findByRole('region', { name: 'Invoices and receipts' });
    const rows = await within(list).findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Starter plan · renewalInvoice AB12CD34-0002 · Dec 27, 2026$60 (incl. $10 tax)PaidView Invoice AB12CD34-0002 (opens in a new tab)Download PDF of Invoice AB12CD34-0002',
      '500,000 platform creditsReceipt AB12CD34-0003 · Nov 27, 2026$10Payment dueView Receipt AB12CD34-0003 (opens in a new tab)Download PDF of Receipt AB12CD34-0003',
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Download PDF of Invoice AB12CD34-0002' }).getAttribute('href')).toBe('https://pay.example/invoice/in_2/pdf');
    expect(within(rows[0]!).getByRole('link', { name: /^View/ }).getAttribute('target')).toBe('_blank');
  });

  it('says when there are no invoices yet, and offers a retry when they failed to load', async () => {
    const services = dashboardServices();
    let fail = true;
    services.on('GET /api/billing/invoices', () => (fail ? errorResponse(500, 'internal', 'boom') : jsonResponse(200, { invoices: [] })));
    render(services);
    const list = await screen.findByRole('region', { name: 'Invoices and receipts' });
    fail = false;
    fireEvent.click(await within(list).findByRole('button', { name: 'Try Again' }));
    expect(await within(list).findByText(/No invoices yet/)).toBeTruthy();
    await waitFor(() => expect(services.callsTo('GET /api/billing/invoices')).toHaveLength(2));
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
