/** @jest-environment jsdom */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { marketingApi } from '../api/marketing-api';
import { forgetContentSections } from '../content/content-sections';
import { communityFixture, courseFixture, sectionFixture } from '../test-support/catalog';
import { CoursesContent } from './courses-content';

jest.mock('../api/marketing-api', () => ({
  marketingApi: { getCommunity: jest.fn(), getCourses: jest.fn(), getContentSections: jest.fn() },
}));
const api = marketingApi as jest.Mocked<typeof marketingApi>;

beforeEach(() => {
  forgetContentSections();
  api.getCommunity.mockReset().mockResolvedValue(communityFixture());
  api.getCourses.mockReset().mockResolvedValue([courseFixture(), courseFixture({ id: 'build-ai-agents', title: 'Build AI Agents', price: 150 })]);
  api.getContentSections
    .mockReset()
    .mockResolvedValue([sectionFixture({ slot: 'courses.intro', title: 'Learn AI', html: '<p>Hands-on courses <script>x()</script>for teams.</p>' })]);
});

afterEach(() => jest.restoreAllMocks());

function renderCourses() {
  return render(
    <MemoryRouter>
      <CoursesContent />
    </MemoryRouter>,
  );
}

describe('courses page', () => {
  it('shows the intro from the catalog, sanitised, the 8 learnings, the $50 box, the stats and the courses', async () => {
    renderCourses();
    expect(await screen.findByText(/Hands-on courses/)).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();

    const learnings = screen.getByRole('heading', { name: "What you'll learn" }).parentElement!;
    expect(within(learnings).getAllByRole('listitem')).toHaveLength(8);
    expect(screen.getByText('$50')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subscribe & Get Discord Access' })).toBeTruthy();
    for (const figure of ['500+', '95%', '4.9/5']) expect(screen.getByText(figure)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Build AI Agents' }).getAttribute('href')).toBe('/courses/build-ai-agents');
    expect(screen.getByText('$150 per month')).toBeTruthy();
  });

  it('reveals the join text, a copyable invite and the Join Discord Community button', async () => {
    const user = userEvent.setup();
    renderCourses();
    await user.click(await screen.findByRole('button', { name: 'Subscribe & Get Discord Access' }));

    const join = screen.getByText(/Join our Discord community with the invite link below/).closest('[role="status"]') as HTMLElement;
    expect(document.activeElement).toBe(join);
    expect((within(join).getByLabelText('Community invite link') as HTMLInputElement).value).toBe('https://discord.gg/agentdock');
    expect(within(join).getByRole('link', { name: /Join Discord Community/ }).getAttribute('href')).toBe('https://discord.gg/agentdock');
    expect(screen.queryByRole('button', { name: 'Subscribe & Get Discord Access' })).toBeNull();

    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(join).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('https://discord.gg/agentdock');
    expect(within(join).getByRole('button', { name: 'Copied!' })).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 2100)));
    expect(within(join).getByRole('button', { name: 'Copy link' })).toBeTruthy();
  });

  it('still renders without the intro section, and offers Try Again when the offer fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    api.getContentSections.mockRejectedValue(new Error('down'));
    api.getCommunity.mockRejectedValueOnce(new Error('down'));
    renderCourses();
    expect(await screen.findByRole('heading', { level: 1, name: 'Courses' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: 'Subscribe & Get Discord Access' })).toBeTruthy();
  });
});
