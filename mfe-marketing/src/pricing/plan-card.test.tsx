/** @jest-environment jsdom */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Plan } from '@agentdock/contracts';
import { useVisitor, type Visitor } from '../api/visitor';
import { userFixture } from '@agentdock/contracts/testing';
import { PLANS } from '../test-support/plans';
import { startCheckout } from './checkout';
import { PlanCard } from './plan-card';
import type { BillingPeriod } from './plan-price';

jest.mock('../api/visitor', () => ({ useVisitor: jest.fn() }));
jest.mock('./checkout', () => ({ startCheckout: jest.fn() }));
const visitor = useVisitor as jest.Mock<Visitor>;

beforeEach(() => {
  visitor.mockReset().mockReturnValue({ status: 'signed-out' });
  (startCheckout as jest.Mock).mockReset();
});

afterEach(() => jest.restoreAllMocks());

function CurrentUrl() {
  const location = useLocation();
  return <output aria-label="url">{location.pathname + location.search}</output>;
}

function renderCard(plan: Plan, period: BillingPeriod) {
  render(
    <MemoryRouter initialEntries={['/pricing']}>
      <Routes>
        <Route path="*" element={<PlanCard plan={plan} period={period} />} />
      </Routes>
      <CurrentUrl />
    </MemoryRouter>,
  );
  return within(screen.getByRole('article', { name: plan.name }));
}

describe('PlanCard', () => {
  it('shows the monthly price of a paid plan', () => {
    const card = renderCard(PLANS.starter, 'monthly');
    expect(card.getByText('$50')).toBeTruthy();
    expect(card.getByText('/month')).toBeTruthy();
    expect(card.queryByText(/billed annually/i)).toBeNull();
  });

  it('shows annualPerMonth and the yearly billing line for annual', () => {
    const card = renderCard(PLANS.starter, 'annual');
    expect(card.getByText('$45')).toBeTruthy();
    expect(card.getByText('Billed annually at $540 per year')).toBeTruthy();
    expect(card.getByText('Save $5 per month')).toBeTruthy();
  });

  it('uses the server figure for annual, whatever the monthly price', () => {
    const card = renderCard(PLANS.pro, 'annual');
    expect(card.getByText('$85')).toBeTruthy();
    expect(card.getByText('Billed annually at $1,020 per year')).toBeTruthy();
  });

  it('keeps the monthly price for a plan without an annual option', () => {
    const card = renderCard(PLANS.free, 'annual');
    expect(card.getByText('$0')).toBeTruthy();
    expect(card.queryByText(/billed annually/i)).toBeNull();
  });

  it('lists included and not-included features', () => {
    const card = renderCard(PLANS.starter, 'monthly');
    const items = card.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['✓Included: 1,000,000 platform credits', '✓Included: 5 AI agents', '✕Not included: Advanced analytics']);
  });

  it('marks the highlighted plan MOST POPULAR', () => {
    expect(renderCard(PLANS.pro, 'monthly').getByText('MOST POPULAR')).toBeTruthy();
  });

  it('does not mark other plans', () => {
    expect(renderCard(PLANS.starter, 'monthly').queryByText('MOST POPULAR')).toBeNull();
  });

  it('sends Free to sign-up', () => {
    const card = renderCard(PLANS.free, 'monthly');
    expect(card.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/signup');
  });

  it('shows custom pricing and a sales mail draft for Enterprise', () => {
    const card = renderCard(PLANS.enterprise, 'annual');
    expect(card.getByText('Custom pricing')).toBeTruthy();
    const href = card.getByRole('link', { name: 'Contact Sales' }).getAttribute('href')!;
    expect(href.startsWith('mailto:sales@agentdock.example?subject=Enterprise%20plan%20enquiry')).toBe(true);
  });

  it('sends a paid plan to sign in with a return to pricing', async () => {
    const user = userEvent.setup();
    const card = renderCard(PLANS.pro, 'annual');
    await user.click(card.getByRole('button', { name: 'Choose Pro' }));
    expect(screen.getByRole('status', { name: 'url' }).textContent).toBe('/signin?returnUrl=%2Fpricing');
    expect(startCheckout).not.toHaveBeenCalled();
  });

  it.each(['starter', 'professional', 'enterprise'] as const)('tells a customer already on %s to change plan from the subscription tab', async (tier) => {
    const user = userEvent.setup();
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    visitor.mockReturnValue({ status: 'signed-in', user: userFixture({ subscriptionTier: tier }) });
    const card = renderCard(PLANS.pro, 'monthly');
    await user.click(card.getByRole('button', { name: 'Choose Pro' }));
    expect(alert).toHaveBeenCalledWith('You already have an active subscription. Please visit the subscription management page to upgrade or downgrade your plan.');
    expect(screen.getByRole('status', { name: 'url' }).textContent).toBe('/dashboard?tab=subscription');
    expect(startCheckout).not.toHaveBeenCalled();
  });

  it('starts checkout for a signed-in customer on the free tier', async () => {
    const user = userEvent.setup();
    visitor.mockReturnValue({ status: 'signed-in', user: userFixture({ subscriptionTier: 'free' }) });
    const card = renderCard(PLANS.starter, 'annual');
    await user.click(card.getByRole('button', { name: 'Choose Starter' }));
    await waitFor(() => expect(startCheckout).toHaveBeenCalledWith(PLANS.starter, 'annual', expect.any(Function)));
    expect(screen.getByRole('status', { name: 'url' }).textContent).toBe('/pricing');
  });
});
