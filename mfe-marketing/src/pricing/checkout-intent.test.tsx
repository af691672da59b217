/** @jest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { seededPlansFixture, userFixture } from '@agentdock/contracts/testing';
import { EMAIL_CONFIRMED_NOTICE } from '@agentdock/ui';
import { marketingApi } from '../api/marketing-api';
import { useVisitor, type Visitor } from '../api/visitor';
import { forgetContentSections } from '../content/content-sections';
import { startCheckout } from './checkout';
import { PricingContent } from './pricing-content';

jest.mock('../api/marketing-api', () => ({ marketingApi: { getPlans: jest.fn(), getContentSections: jest.fn() } }));
jest.mock('../api/visitor', () => ({ useVisitor: jest.fn() }));
jest.mock('./checkout', () => ({ startCheckout: jest.fn() }));
const visitor = useVisitor as jest.Mock<Visitor>;

function renderPricing(entry: string, state?: unknown) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: '/pricing', search: entry, state }]}>
      <PricingContent />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  forgetContentSections();
  (marketingApi.getContentSections as jest.Mock).mockReset().mockResolvedValue([]);
  (marketingApi.getPlans as jest.Mock).mockReset().mockResolvedValue(seededPlansFixture());
  (startCheckout as jest.Mock).mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('pricing page with a plan chosen before signing up', () => {
  it('starts that plan’s checkout once for a signed-in free customer, in the chosen period, and says the email is confirmed', async () => {
    visitor.mockReturnValue({ status: 'signed-in', user: userFixture({ subscriptionTier: 'free' }) });
    const view = renderPricing('?checkout=starter&period=annual', { emailConfirmed: true });
    expect(await screen.findByText('Taking you to checkout for the Starter plan, billed annually…')).toBeTruthy();
    expect(screen.getByText(EMAIL_CONFIRMED_NOTICE)).toBeTruthy();
    await waitFor(() => expect(startCheckout).toHaveBeenCalledTimes(1));
    expect((startCheckout as jest.Mock).mock.calls[0]!.slice(0, 2)).toEqual([expect.objectContaining({ id: 'starter' }), 'annual']);
    // The annual prices are shown, as chosen.
    expect((screen.getByRole('radio', { name: /Annual/ }) as HTMLInputElement).checked).toBe(true);
    view.rerender(
      <MemoryRouter initialEntries={[{ pathname: '/pricing', search: '?checkout=starter&period=annual' }]}>
        <PricingContent />
      </MemoryRouter>,
    );
    await screen.findAllByRole('article');
    expect(startCheckout).toHaveBeenCalledTimes(1);
  });

  it('waits for the visitor to sign in, and never buys again for a paying customer or a plan not sold by card', async () => {
    visitor.mockReturnValue({ status: 'signed-out' });
    renderPricing('?checkout=starter&period=monthly');
    await screen.findAllByRole('article');
    expect(screen.queryByText(/Taking you to checkout/)).toBeNull();

    visitor.mockReturnValue({ status: 'signed-in', user: userFixture({ subscriptionTier: 'professional' }) });
    renderPricing('?checkout=starter&period=monthly');
    expect(await screen.findByText(/You already have a paid plan/)).toBeTruthy();
    expect(screen.getAllByText('Current plan')).toHaveLength(1);

    visitor.mockReturnValue({ status: 'signed-in', user: userFixture({ subscriptionTier: 'free' }) });
    renderPricing('?checkout=enterprise&period=monthly');
    await screen.findAllByRole('article');
    expect(startCheckout).not.toHaveBeenCalled();
  });
});
