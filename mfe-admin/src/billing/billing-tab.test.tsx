/** @jest-environment @agentdock/session/jsdom-environment */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PromotionCodeView } from '@agentdock/contracts';
import { errorResponse, jsonResponse } from '@agentdock/session/testing';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { adminServices, bannerText, renderConsole } from '../testing';

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

const TRIALS = {
  trials: [
    { planId: 'starter', billingPeriod: 'monthly', days: 14, cardRequired: false },
    { planId: 'starter', billingPeriod: 'annual', days: 0, cardRequired: true },
    { planId: 'professional', billingPeriod: 'monthly', days: 0, cardRequired: true },
    { planId: 'professional', billingPeriod: 'annual', days: 0, cardRequired: true },
  ],
};

const code = (overrides: Partial<PromotionCodeView> = {}): PromotionCodeView => ({
  id: 'promo_1',
  code: 'SPRING20',
  active: true,
  couponId: 'co_1',
  name: 'Spring',
  percentOff: 20,
  amountOff: null,
  currency: null,
  duration: 'repeating',
  durationInMonths: 3,
  maxRedemptions: 10,
  timesRedeemed: 2,
  expiresAt: null,
  ...overrides,
});

function services() {
  const mocks = adminServices();
  mocks.on('GET /api/billing/admin/trials', jsonResponse(200, TRIALS));
  mocks.on('GET /api/billing/admin/promotion-codes', jsonResponse(200, { codes: [code()] }));
  mocks.on('GET /api/billing/admin/settings', jsonResponse(200, { taxEnabled: false }));
  return mocks;
}

describe('trials and codes tab', () => {
  it('sets a plan’s trial days and card rule, refusing a count past 730 days before asking the server', async () => {
    const mocks = services();
    mocks.on('PUT /api/billing/admin/trials', (call) => jsonResponse(200, call.body as object));
    renderConsole('/admin?tab=billing', mocks);
    const row = await screen.findByRole('form', { name: 'Pro monthly trial' });
    fireEvent.change(within(row).getByLabelText('Trial days'), { target: { value: '800' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
    expect(await within(row).findByText('Enter a whole number of days from 0 to 730.')).toBeTruthy();
    expect(mocks.callsTo('PUT /api/billing/admin/trials')).toEqual([]);
    fireEvent.change(within(row).getByLabelText('Trial days'), { target: { value: '7' } });
    fireEvent.click(within(row).getByLabelText('Card required'));
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(mocks.callsTo('PUT /api/billing/admin/trials')).toHaveLength(1));
    expect(mocks.callsTo('PUT /api/billing/admin/trials')[0]!.body).toEqual({ planId: 'professional', billingPeriod: 'monthly', days: 7, cardRequired: false });
  });

  it('lists codes with what they take off, creates one and switches one off', async () => {
    const mocks = services();
    mocks.on(
      'POST /api/billing/admin/promotion-codes',
      jsonResponse(
        201,
        code({
          id: 'promo_2',
          code: 'WELCOME5',
          percentOff: null,
          amountOff: 500,
          currency: 'usd',
          duration: 'once',
          durationInMonths: null,
          maxRedemptions: null,
          timesRedeemed: 0,
        }),
      ),
    );
    mocks.on('POST /api/billing/admin/promotion-codes/promo_1', jsonResponse(200, code({ active: false })));
    renderConsole('/admin?tab=billing', mocks);
    const list = await screen.findByRole('list', { name: 'Promotion codes' });
    expect(within(list).getByText(/20% off for 3 months · redeemed 2 of 10 times/)).toBeTruthy();
    const form = screen.getByRole('form', { name: 'New promotion code' });
    fireEvent.change(within(form).getByLabelText('Code customers type'), { target: { value: 'WELCOME5' } });
    fireEvent.change(within(form).getByLabelText('Discount'), { target: { value: 'amount' } });
    fireEvent.change(within(form).getByLabelText('Amount off in dollars'), { target: { value: '5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create code' }));
    expect(await within(list).findByText(/\$5.* off the first payment/)).toBeTruthy();
    expect(mocks.callsTo('POST /api/billing/admin/promotion-codes')[0]!.body).toEqual({
      code: 'WELCOME5',
      discount: { kind: 'amount', amountOff: 500, currency: 'usd' },
      duration: 'once',
    });
    fireEvent.click(within(list).getByRole('button', { name: 'Deactivate SPRING20' }));
    expect(await within(list).findByRole('button', { name: 'Activate SPRING20' })).toBeTruthy();
  });

  it('says why the provider refused a code, and turns tax on', async () => {
    const mocks = services();
    mocks.on('POST /api/billing/admin/promotion-codes', errorResponse(400, 'bad_request', 'An active promotion code with this code already exists.'));
    mocks.on('PUT /api/billing/admin/settings', jsonResponse(200, { taxEnabled: true }));
    renderConsole('/admin?tab=billing', mocks);
    const form = await screen.findByRole('form', { name: 'New promotion code' });
    fireEvent.change(within(form).getByLabelText('Code customers type'), { target: { value: 'SPRING20' } });
    fireEvent.change(within(form).getByLabelText('Percent off'), { target: { value: '10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create code' }));
    expect(await within(form).findByText('An active promotion code with this code already exists.')).toBeTruthy();
    expect(await bannerText()).toContain(ADMIN_ERRORS.savePromotion);
    const tax = await screen.findByLabelText('Collect tax at checkout');
    fireEvent.click(tax);
    await waitFor(() => expect((screen.getByLabelText('Collect tax at checkout') as HTMLInputElement).checked).toBe(true));
    expect(mocks.callsTo('PUT /api/billing/admin/settings')[0]!.body).toEqual({ taxEnabled: true });
  });
});
