/** @jest-environment jsdom */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Plan } from '@agentdock/contracts';
import { useVisitor, type Visitor } from '../api/visitor';
import { seededPlanFixture, seededPlansFixture, userFixture } from '@agentdock/contracts/testing';
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

function renderCard(plan: Plan, period: BillingPeriod, current = false) {
  render(
    <MemoryRouter initialEntries={['/pricing']}>
      <Routes>
        <Route path="*" element={<PlanCard plan={plan} plans={seededPlansFixture()} period={period} current={current} />} />
      </Routes>
      <CurrentUrl />
    </MemoryRouter>,
  );
  return within(screen.getByRole('article', { name: plan.name }));
}

describe('PlanCard', () => {
  it('shows the monthly price of a paid plan', () => {
    const card = renderCard(seededPlanFixture('starter'), 'monthly');
    expect(card.getByText('$50')).toBeTruthy();
    expect(card.getByText('/month')).toBeTruthy();
    expect(card.queryByText(/billed annually/i)).toBeNull();
  });

  it('shows annualPerMonth and the yearly billing line for annual', () => {
    const card = renderCard(seededPlanFixture('starter'), 'annual');
    expect(card.getByText('$45')).toBeTruthy();
    expect(card.getByText('Billed annually at $540 per year')).toBeTruthy();
    expect(card.getByText('Save $5 per month')).toBeTruthy();
  });

  it('uses the server figure for annual, whatever the monthly price', () => {
    const card = renderCard(seededPlanFixture('professional'), 'annual');
    expect(card.getByText('$85')).toBeTruthy();
    expect(card.getByText('Billed annually at $1,020 per year')).toBeTruthy();
  });

  it('keeps the monthly price for a plan without an annual option', () => {
    const card = renderCard(seededPlanFixture('free'), 'annual');
    expect(card.getByText('$0')).toBeTruthy();
    expect(card.queryByText(/billed annually/i)).toBeNull();
  });

  it('lists the bullets written from the limits, then the free-text and not-included features', () => {
    const plan = seededPlanFixture('starter', {
      platformCreditsLimit: 750_000,
      agentsIncluded: 4,
      apiCallsLimit: 100,
      realTokensLimit: null,
      features: ['Standard support'],
      notIncluded: ['Advanced analytics'],
    });
    const items = renderCard(plan, 'monthly')
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      '✓Included: 750,000 platform credits per month',
      '✓Included: Access to 4 AI agents',
      '✓Included: 100 API calls per month',
      '✓Included: Standard support',
      '✕Not included: Advanced analytics',
    ]);
  });

  it('marks the highlighted plan MOST POPULAR', () => {
    expect(renderCard(seededPlanFixture('professional'), 'monthly').getByText('MOST POPULAR')).toBeTruthy();
  });

  it('does not mark other plans', () => {
    expect(renderCard(seededPlanFixture('starter'), 'monthly').queryByText('MOST POPULAR')).toBeNull();
  });

  it('sends Free to sign-up', () => {
    const card = renderCard(seededPlanFixture('free'), 'monthly');
    expect(card.getByRole('link', { name: 'Get Started Free' }).getAttribute('href')).toBe('/signup');
  });

  it('shows custom pricing and a sales mail draft for Enterprise', () => {
    const card = renderCard(seededPlanFixture('enterprise'), 'annual');
    expect(card.getByText('Custom pricing')).toBeTruthy();
    const href = card.getByRole('link', { name: 'Contact Sales' }).getAttribute('href')!;
    expect(href.startsWith('mailto:sales@agentdock.example?subject=Enterprise%20plan%20enquiry')).toBe(true);
  });

  it('sends a paid plan to sign-up, with the plan and period carried as its return path', async () => {
    const user = userEvent.setup();
    const card = renderCard(seededPlanFixture('professional'), 'annual');
    await user.click(card.getByRole('button', { name: 'Upgrade to Pro' }));
    expect(screen.getByRole('status', { name: 'url' }).textContent).toBe(`/signup?returnUrl=${encodeURIComponent('/pricing?checkout=professional&period=annual')}`);
    expect(startCheckout).not.toHaveBeenCalled();
  });

  it('marks a signed-in customer’s current plan, with Manage on a paid one and nothing to buy on Free', () => {
    visitor.mockReturnValue({ status: 'signed-in', user: userFixture({ subscriptionTier: 'starter' }) });
    const card = renderCard(seededPlanFixture('starter'), 'monthly', true);
    expect(card.getByText('Current plan')).toBeTruthy();
    expect(card.getByRole('link', { name: 'Manage' }).getAttribute('href')).toBe('/manage-subscription');
  });

  it('shows Free as the current plan of a free customer, not as a button to press', () => {
    visitor.mockReturnValue({ status: 'signed-in', user: userFixture({ subscriptionTier: 'free' }) });
    const card = renderCard(seededPlanFixture('free'), 'monthly', true);
    expect((card.getByRole('button', { name: 'Current plan' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers a paying customer Upgrade and Downgrade, which change the plan from the Subscription tab (Free: by cancelling)', async () => {
    const user = userEvent.setup();
    visitor.mockReturnValue({ status: 'signed-in', user: userFixture({ subscriptionTier: 'professional' }) });
    const card = renderCard(seededPlanFixture('starter'), 'monthly');
    expect(card.queryByText('Current plan')).toBeNull();
    await user.click(card.getByRole('button', { name: 'Downgrade to Starter' }));
    expect(screen.getByRole('status', { name: 'url' }).textContent).toBe('/dashboard?tab=subscription');
    expect(startCheckout).not.toHaveBeenCalled();
  });

  it('offers a Starter customer an upgrade to Pro and a downgrade to Free', () => {
    visitor.mockReturnValue({ status: 'signed-in', user: userFixture({ subscriptionTier: 'starter' }) });
    const pro = renderCard(seededPlanFixture('professional'), 'monthly');
    expect(pro.getByRole('button', { name: 'Upgrade to Pro' })).toBeTruthy();
  });

  it('links a paying customer’s Downgrade to Free to the cancellation on Manage Subscription', () => {
    visitor.mockReturnValue({ status: 'signed-in', user: userFixture({ subscriptionTier: 'starter' }) });
    const free = renderCard(seededPlanFixture('free'), 'monthly');
    expect(free.getByRole('link', { name: 'Downgrade to Free' }).getAttribute('href')).toBe('/manage-subscription');
  });

  it('starts checkout for a signed-in customer on the free tier', async () => {
    const user = userEvent.setup();
    visitor.mockReturnValue({ status: 'signed-in', user: userFixture({ subscriptionTier: 'free' }) });
    const card = renderCard(seededPlanFixture('starter'), 'annual');
    await user.click(card.getByRole('button', { name: 'Upgrade to Starter' }));
    await waitFor(() => expect(startCheckout).toHaveBeenCalledWith(seededPlanFixture('starter'), 'annual', expect.any(Function)));
    expect(screen.getByRole('status', { name: 'url' }).textContent).toBe('/pricing');
  });
});
