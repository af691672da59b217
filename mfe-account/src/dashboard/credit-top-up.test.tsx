/** @jest-environment @agentdock/session/jsdom-environment */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BILLING_TEXTS } from '@agentdock/contracts';
import { errorResponse, jsonResponse } from '@agentdock/session/testing';
import { redirectTo } from './browser';
import { PACKS_FAILED } from './credit-top-up';
import { CREDITS_CANCELLED, CREDITS_PURCHASED } from './payment-banner';
import { dashboardServices, renderDashboard } from './testing';

jest.mock('./browser', () => ({ redirectTo: jest.fn() }));

const topUp = () => screen.getByRole('region', { name: 'Buy Credits' });

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  (redirectTo as jest.Mock).mockReset();
});
afterEach(() => jest.restoreAllMocks());

describe('buying credits on the dashboard', () => {
  it('lists the packs with their price and sends the customer to a payment-mode checkout for the chosen one', async () => {
    const services = dashboardServices();
    services.on('POST /api/billing/checkout', jsonResponse(200, { url: 'https://checkout.example/c/credits_1' }));
    renderDashboard('/dashboard', services);

    const buy = await screen.findByRole('button', { name: 'Buy 1,200,000 credits for $20.00' }, { timeout: 4000 });
    expect(within(topUp()).getByText('500,000')).toBeTruthy();
    expect(within(topUp()).getByText('$10.00')).toBeTruthy();
    fireEvent.click(buy);

    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://checkout.example/c/credits_1'));
    expect(services.callsTo('POST /api/billing/checkout')[0]!.body).toEqual({ kind: 'credits', packId: 'credits-1200k' });
    expect(within(topUp()).getByRole('button', { name: 'Buy 500,000 credits for $10.00' }).hasAttribute('disabled')).toBe(true);
  });

  it('says so when checkout fails, and lets the customer try again', async () => {
    const services = dashboardServices();
    services.on('POST /api/billing/checkout', errorResponse(502, 'payment_provider_error', 'The payment provider did not answer.'));
    renderDashboard('/dashboard', services);

    fireEvent.click(await screen.findByRole('button', { name: 'Buy 500,000 credits for $10.00' }));
    expect((await within(topUp()).findByRole('alert')).textContent).toBe(BILLING_TEXTS.checkoutFailed);
    expect(redirectTo).not.toHaveBeenCalled();
    expect(within(topUp()).getByRole('button', { name: 'Buy 500,000 credits for $10.00' }).hasAttribute('disabled')).toBe(false);
  });

  it('offers Try Again when the packs cannot be loaded', async () => {
    const services = dashboardServices();
    services.on('GET /api/billing/credit-packs', errorResponse(503, 'service_unavailable', 'Billing is down.'));
    renderDashboard('/dashboard', services);

    expect((await within(await screen.findByRole('region', { name: 'Buy Credits' })).findByRole('alert')).textContent).toContain(PACKS_FAILED);
    services.on('GET /api/billing/credit-packs', jsonResponse(200, { packs: [{ id: 'credits-500k', credits: 500_000, amount: 1_000, currency: 'usd' }] }));
    fireEvent.click(within(topUp()).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: 'Buy 500,000 credits for $10.00' })).toBeTruthy();
  });

  it('welcomes the return from a paid pack and from an abandoned one, and clears the query', async () => {
    const { unmount } = renderDashboard('/dashboard?credits=success');
    expect((await screen.findByText(/Credits Purchased!:/)).closest('[role="status"]')!.textContent).toBe(`Credits Purchased!: ${CREDITS_PURCHASED}`);
    unmount();

    renderDashboard('/dashboard?credits=cancelled');
    expect((await screen.findByText(/Credit Purchase Cancelled:/)).closest('[role="status"]')!.textContent).toContain(CREDITS_CANCELLED);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/Credit Purchase Cancelled:/)).toBeNull();
  });
});
