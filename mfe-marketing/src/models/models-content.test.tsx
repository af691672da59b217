/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ApiError } from '@agentdock/api-client';
import { marketingApi } from '../api/marketing-api';
import { forgetContentSections } from '../content/content-sections';
import { agentFixture, sectionFixture } from '../test-support/catalog';
import { AgentCard, isProfessionalAgent } from './agent-card';
import { ModelsContent } from './models-content';

jest.mock('../api/marketing-api', () => ({ marketingApi: { getAgents: jest.fn(), getContentSections: jest.fn() } }));
const getAgents = marketingApi.getAgents as jest.Mock;

beforeEach(() => {
  forgetContentSections();
  (marketingApi.getContentSections as jest.Mock).mockResolvedValue([sectionFixture({ slot: 'models.intro', title: 'Our AI Agents', html: '<p>Agents for every task.</p>' })]);
  getAgents.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

function renderModels() {
  return render(
    <MemoryRouter>
      <ModelsContent />
    </MemoryRouter>,
  );
}

describe('AgentCard', () => {
  it.each(['professional', 'enterprise'] as const)('marks a %s agent in yellow', (tier) => {
    render(<AgentCard agent={agentFixture({ name: 'Founder Partner', tier })} />);
    const card = screen.getByRole('article', { name: 'Founder Partner' });
    expect(card.classList.contains('mk-agent--professional')).toBe(true);
    const badge = within(card).getByText(tier === 'professional' ? 'Pro' : 'Enterprise');
    expect(badge.closest('.ad-badge')?.classList.contains('ad-badge--warning')).toBe(true);
  });

  it.each(['free', 'starter'] as const)('does not mark a %s agent', (tier) => {
    render(<AgentCard agent={agentFixture({ tier })} />);
    const card = screen.getByRole('article', { name: 'Meeting Prep' });
    expect(card.classList.contains('mk-agent--professional')).toBe(false);
    expect(card.querySelector('.ad-badge--warning')).toBeNull();
  });

  it('shows the description, features and use case', () => {
    render(<AgentCard agent={agentFixture()} />);
    const card = within(screen.getByRole('article'));
    expect(card.getByText('Prepares you for any meeting.')).toBeTruthy();
    expect(card.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Attendee research', 'Agenda drafting']);
    expect(card.getByRole('heading', { name: 'Use case' })).toBeTruthy();
    expect(card.getByText('Walk into a sales call prepared.')).toBeTruthy();
  });

  it('counts only professional and enterprise as professional', () => {
    expect(['free', 'starter', 'professional', 'enterprise'].map((tier) => isProfessionalAgent({ tier: tier as never }))).toEqual([false, false, true, true]);
  });
});

describe('models page', () => {
  it('shows a loading state, then every agent', async () => {
    getAgents.mockResolvedValue([agentFixture(), agentFixture({ id: '00000000-0000-4000-8000-000000000002', key: 'image-gen', name: 'Image Generator', tier: 'professional' })]);
    renderModels();
    expect(screen.getByText('Loading agents…')).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Image Generator' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 1, name: 'Our AI Agents' })).toBeTruthy();
    expect(screen.getByText('Agents for every task.')).toBeTruthy();
  });

  it('offers Try Again after a failure', async () => {
    const user = userEvent.setup();
    getAgents.mockRejectedValueOnce(new ApiError(503, 'unavailable', 'down')).mockResolvedValue([agentFixture()]);
    renderModels();
    await user.click(await screen.findByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Meeting Prep' })).toBeTruthy();
  });

  it('says so when there are no agents', async () => {
    getAgents.mockResolvedValue([]);
    renderModels();
    expect(await screen.findByText('No agents are available right now. Please check back soon.')).toBeTruthy();
  });
});
