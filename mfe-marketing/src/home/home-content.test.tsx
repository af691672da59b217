/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { marketingApi } from '../api/marketing-api';
import { forgetContentSections } from '../content/content-sections';
import { sectionFixture } from '../test-support/catalog';
import { Features } from './features';
import { Hero } from './hero';
import { WhyChoose } from './why-choose';

jest.mock('../api/marketing-api', () => ({ marketingApi: { getContentSections: jest.fn() } }));
const getContentSections = marketingApi.getContentSections as jest.Mock;

function renderHome() {
  return render(
    <MemoryRouter>
      <Hero />
      <Features />
      <WhyChoose />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  forgetContentSections();
  getContentSections.mockReset();
});
afterEach(() => jest.restoreAllMocks());

describe('home content from the catalog', () => {
  it('fills the hero, the features intro and Why Choose from their slots, with one request', async () => {
    getContentSections.mockResolvedValue([
      sectionFixture({ title: 'Agents that work', html: '<p>Lead text<img src=x onerror="alert(1)"></p>' }),
      sectionFixture({ slot: 'home.features', title: 'What you get', html: '<p>Four ways in.</p>' }),
      sectionFixture({ slot: 'home.features.course', title: 'Learn with us', html: '<p>A course for teams.</p>' }),
      sectionFixture({ slot: 'home.why-choose', title: 'Why Choose Agentdock', html: '' }),
      sectionFixture({ slot: 'home.why-choose.fast', title: 'Fast', html: '<p>Answers in seconds.</p>' }),
      sectionFixture({ slot: 'home.why-choose.secure', title: 'Secure', html: '<p>Cards never touch our servers.</p>' }),
      sectionFixture({ slot: 'home.why-choose.secure.detail', title: 'Not a reason', html: '' }),
    ]);
    renderHome();

    expect(await screen.findByRole('heading', { level: 1, name: 'Agents that work' })).toBeTruthy();
    expect(screen.getByText('Lead text')).toBeTruthy();
    expect(document.querySelector('[onerror]')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'What you get' })).toBeTruthy();
    expect(screen.getByText('Four ways in.')).toBeTruthy();
    const cards = screen.getAllByRole('listitem').slice(0, 4);
    expect(cards.map((card) => card.querySelector('h3')?.textContent)).toEqual(['Personal AI agents', 'Agents tailored to you', 'Learn with us', 'Community']);
    expect(screen.getByText('A course for teams.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Why Choose Agentdock' })).toBeTruthy();
    const reasons = screen.getByRole('heading', { level: 2, name: 'Why Choose Agentdock' }).closest('section')!;
    expect(Array.from(reasons.querySelectorAll('h3')).map((heading) => heading.textContent)).toEqual(['Fast', 'Secure']);
    expect(screen.getByText('Cards never touch our servers.')).toBeTruthy();
    expect(getContentSections).toHaveBeenCalledTimes(1);
  });

  it('shows placeholders, not an empty heading, while the content loads', () => {
    getContentSections.mockReturnValue(new Promise(() => undefined));
    renderHome();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getByRole('link', { name: 'View Pricing' })).toBeTruthy();
  });

  it('still renders when the catalog cannot be reached: a neutral hero, the cards, no Why Choose', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    getContentSections.mockRejectedValue(new Error('down'));
    renderHome();
    expect(await screen.findByRole('heading', { level: 1, name: 'AI agents for business' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Everything you need to work with AI' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(4);
    expect(screen.queryByRole('heading', { name: 'Why Choose Agentdock' })).toBeNull();
  });
});
