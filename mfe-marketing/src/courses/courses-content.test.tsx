/** @jest-environment jsdom */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { BILLING_ENDPOINTS, BILLING_TEXTS } from '@agentdock/contracts';
import { userFixture } from '@agentdock/contracts/testing';
import { marketingApi } from '../api/marketing-api';
import { memberClient, useVisitor, type Visitor } from '../api/visitor';
import { redirectTo } from './browser';
import { ACCESS_PENDING_TEXT } from './course-checkout';
import { forgetContentSections } from '../content/content-sections';
import { communityFixture, courseFixture, sectionFixture } from '../test-support/catalog';
import { CoursesContent } from './courses-content';

jest.mock('../api/marketing-api', () => ({
  marketingApi: { getCommunity: jest.fn(), getCourses: jest.fn(), getContentSections: jest.fn() },
}));
jest.mock('../api/visitor', () => ({ useVisitor: jest.fn(), memberClient: jest.fn() }));
jest.mock('./browser', () => ({ redirectTo: jest.fn() }));
const api = marketingApi as jest.Mocked<typeof marketingApi>;
const visitor = useVisitor as jest.Mock<Visitor>;
const call = jest.fn();
const SIGNED_IN: Visitor = { status: 'signed-in', user: userFixture() };

const communitySubscription = (status: string) => ({
  id: 'sub_1',
  kind: 'course',
  name: 'Community membership',
  tier: null,
  courseId: 'community',
  status,
  price: { unitAmount: 5_000, currency: 'usd', interval: 'month' },
  currentPeriodStart: 1_700_000_000,
  currentPeriodEnd: 1_702_592_000,
  cancelAtPeriodEnd: false,
  graceEndsAt: null,
  trial: null,
});

beforeEach(() => {
  forgetContentSections();
  api.getCommunity.mockReset().mockResolvedValue(communityFixture());
  api.getCourses.mockReset().mockResolvedValue([courseFixture(), courseFixture({ id: 'build-ai-agents', title: 'Build AI Agents', priceMinor: 15_000 })]);
  api.getContentSections
    .mockReset()
    .mockResolvedValue([sectionFixture({ slot: 'courses.intro', title: 'Learn AI', html: '<p>Hands-on courses <script>x()</script>for teams.</p>' })]);
});

beforeEach(() => {
  visitor.mockReset().mockReturnValue({ status: 'signed-out' });
  call.mockReset().mockResolvedValue({ subscriptions: [] });
  (memberClient as jest.Mock).mockReturnValue({ call });
  (redirectTo as jest.Mock).mockReset();
});

afterEach(() => jest.restoreAllMocks());

function Location() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/** The community box's button, once the membership check has settled and it is usable. */
async function subscribeButton() {
  const button = await screen.findByRole('button', { name: 'Subscribe & Get Discord Access' });
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  return button;
}

function renderCourses(url = '/courses') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <CoursesContent />
      <Location />
    </MemoryRouter>,
  );
}

describe('courses page', () => {
  it('shows the intro from the catalog, sanitised, the 8 learnings, the $50 box, the member count and the courses', async () => {
    renderCourses();
    expect(await screen.findByText(/Hands-on courses/)).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();

    const learnings = screen.getByRole('heading', { name: "What you'll learn" }).parentElement!;
    expect(within(learnings).getAllByRole('listitem')).toHaveLength(8);
    expect(screen.getByText('$50')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subscribe & Get Discord Access' })).toBeTruthy();
    expect(screen.getByText('Members').nextElementSibling?.textContent).toBe('312');
    // Figures nobody measured are gone: no rating, no invented totals.
    for (const invented of ['500+', '95%', '4.9/5', 'Average rating']) expect(screen.queryByText(invented)).toBeNull();
    expect(screen.getByRole('link', { name: 'Build AI Agents' }).getAttribute('href')).toBe('/courses/build-ai-agents');
    expect(screen.getByText('$150 per month')).toBeTruthy();
  });

  it('shows no member figure while the community has no members', async () => {
    api.getCommunity.mockResolvedValueOnce(communityFixture({ members: 0 }));
    renderCourses();
    expect(await screen.findByRole('button', { name: 'Subscribe & Get Discord Access' })).toBeTruthy();
    expect(screen.queryByText('Members')).toBeNull();
  });

  it('sends a signed-out visitor to sign in and back, without revealing the invite', async () => {
    const user = userEvent.setup();
    renderCourses();
    await user.click(await screen.findByRole('button', { name: 'Subscribe & Get Discord Access' }));
    expect(screen.getByTestId('location').textContent).toBe('/signin?returnUrl=%2Fcourses');
    expect(screen.queryByLabelText('Community invite link')).toBeNull();
    expect(call).not.toHaveBeenCalled();
  });

  it('starts the community checkout for a signed-in visitor who is not a member, and says so when it fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    visitor.mockReturnValue(SIGNED_IN);
    const user = userEvent.setup();
    renderCourses();
    const button = await subscribeButton();
    call.mockRejectedValueOnce(new Error('network down')).mockResolvedValueOnce({ url: 'https://pay.example/checkout/cs_2' });
    await user.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe(BILLING_TEXTS.checkoutFailed);
    await user.click(await subscribeButton());
    expect(redirectTo).toHaveBeenCalledWith('https://pay.example/checkout/cs_2');
    expect(call).toHaveBeenLastCalledWith(BILLING_ENDPOINTS.checkout, { body: { kind: 'course', courseId: 'community' } });
    expect(screen.queryByLabelText('Community invite link')).toBeNull();
  });

  it('shows a member the join text, a copyable invite and the Join Discord Community button straight away', async () => {
    visitor.mockReturnValue(SIGNED_IN);
    call.mockResolvedValue({ subscriptions: [communitySubscription('active')] });
    const user = userEvent.setup();
    renderCourses();

    const join = (await screen.findByText(/Join our Discord community with the invite link below/)).closest('[role="status"]') as HTMLElement;
    expect((within(join).getByLabelText('Community invite link') as HTMLInputElement).value).toBe('https://discord.gg/agentdock');
    expect(
      within(join)
        .getByRole('link', { name: /Join Discord Community/ })
        .getAttribute('href'),
    ).toBe('https://discord.gg/agentdock');
    expect(screen.queryByRole('button', { name: 'Subscribe & Get Discord Access' })).toBeNull();

    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(join).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('https://discord.gg/agentdock');
    expect(within(join).getByRole('button', { name: 'Copied!' })).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 2100)));
    expect(within(join).getByRole('button', { name: 'Copy link' })).toBeTruthy();
  });

  it('back from paying, waits for the membership and then focuses the join text', async () => {
    visitor.mockReturnValue(SIGNED_IN);
    call.mockResolvedValueOnce({ subscriptions: [communitySubscription('incomplete')] }).mockResolvedValue({ subscriptions: [communitySubscription('active')] });
    renderCourses('/courses?subscription=success');
    expect(await screen.findByText(ACCESS_PENDING_TEXT)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/courses'));
    const join = (await screen.findByText(/Join our Discord community/, undefined, { timeout: 4000 })).closest('[role="status"]') as HTMLElement;
    expect(document.activeElement).toBe(join);
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
