/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ApiError } from '@agentdock/api-client';
import { forgetContentSections } from '../content/content-sections';
import { sectionFixture } from '../test-support/catalog';
import { seededPlanFixture, seededPlansFixture } from '@agentdock/contracts/testing';
import { marketingApi } from '../api/marketing-api';
import { PricingContent } from './pricing-content';

jest.mock('../api/marketing-api', () => ({ marketingApi: { getPlans: jest.fn(), getContentSections: jest.fn() } }));
jest.mock('../api/visitor', () => ({ useVisitor: () => ({ status: 'signed-out' }) }));
const getPlans = marketingApi.getPlans as jest.Mock;
const getContentSections = marketingApi.getContentSections as jest.Mock;

function renderPricing() {
  return render(
    <MemoryRouter initialEntries={['/pricing']}>
      <PricingContent />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  forgetContentSections();
  getContentSections
    .mockReset()
    .mockResolvedValue([
      sectionFixture({ slot: 'pricing.intro', title: 'Plans for every stage of your business', html: '<p>Start free.</p>' }),
      sectionFixture({ id: '00000000-0000-4000-8000-0000000000f1', slot: 'pricing.faq.change-plan', title: 'Can I change my plan later?', html: '<p>Yes, any time.</p>' }),
      sectionFixture({ id: '00000000-0000-4000-8000-0000000000f2', slot: 'pricing.faq.payment-methods', title: 'What payment methods do you accept?', html: '<p>Cards.</p>' }),
    ]);
  getPlans.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

describe('pricing page', () => {
  it('shows a loading state, then the live plans, monthly by default', async () => {
    getPlans.mockResolvedValue(seededPlansFixture());
    renderPricing();
    expect(screen.getByText('Loading plans…')).toBeTruthy();

    const pro = within(await screen.findByRole('article', { name: 'Pro' }));
    expect(screen.getAllByRole('article')).toHaveLength(4);
    expect((screen.getByRole('radio', { name: 'Monthly' }) as HTMLInputElement).checked).toBe(true);
    expect(pro.getByText('$100')).toBeTruthy();
    // Plan names sit directly under the page's h1, so they are h2s (no skipped heading level).
    expect(pro.getByRole('heading', { level: 2, name: 'Pro' })).toBeTruthy();
  });

  it('switches every card to annual prices', async () => {
    const user = userEvent.setup();
    getPlans.mockResolvedValue([seededPlanFixture('starter'), seededPlanFixture('professional')]);
    renderPricing();
    await screen.findByRole('article', { name: 'Pro' });

    await user.click(screen.getByRole('radio', { name: /Annual/ }));
    expect(screen.getByRole('radio', { name: /save up to 15%/ })).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Starter' })).getByText('$45')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Pro' })).getByText('$85')).toBeTruthy();
  });

  it('offers Try Again after a failure and loads again', async () => {
    const user = userEvent.setup();
    getPlans.mockRejectedValueOnce(new ApiError(503, 'unavailable', 'Catalog down')).mockResolvedValue([seededPlanFixture('professional')]);
    renderPricing();

    await user.click(await screen.findByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Pro' })).toBeTruthy();
    expect(getPlans).toHaveBeenCalledTimes(2);
  });

  it('says so when there are no plans', async () => {
    getPlans.mockResolvedValue([]);
    renderPricing();
    expect(await screen.findByText('No plans are available right now. Please check back soon.')).toBeTruthy();
  });

  it('takes its heading, introduction and questions from the catalog', async () => {
    const user = userEvent.setup();
    getPlans.mockResolvedValue([]);
    renderPricing();
    expect(await screen.findByRole('heading', { level: 1, name: 'Plans for every stage of your business' })).toBeTruthy();
    expect(screen.getByText('Start free.')).toBeTruthy();
    const question = screen.getByRole('heading', { name: 'Can I change my plan later?' }).closest('details')!;
    await user.click(question.querySelector('summary')!);
    expect(question.open).toBe(true);
    expect(question.querySelector('.ad-accordion__panel')!.textContent).toBe('Yes, any time.');
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Can I change my plan later?', 'What payment methods do you accept?']);
  });

  it('still shows the plans when the catalog has no texts', async () => {
    getContentSections.mockRejectedValue(new Error('down'));
    getPlans.mockResolvedValue([seededPlanFixture('professional')]);
    renderPricing();
    expect(await screen.findByRole('article', { name: 'Pro' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pricing' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Pricing questions' })).toBeNull();
  });

  it('links to subscription management', async () => {
    getPlans.mockResolvedValue([]);
    renderPricing();
    expect(screen.getByRole('link', { name: 'Manage My Subscription' }).getAttribute('href')).toBe('/manage-subscription');
  });
});
