/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@agentdock/api-client';
import { BILLING_ENDPOINTS, BILLING_TEXTS } from '@agentdock/contracts';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { marketingApi } from '../api/marketing-api';
import { memberApi } from '../api/member-api';
import { memberClient, useVisitor, type Visitor } from '../api/visitor';
import { userFixture } from '@agentdock/contracts/testing';
import { courseFixture } from '../test-support/catalog';
import { redirectTo } from './browser';
import { ACCESS_PENDING_TEXT, PAYMENT_CANCELLED_TEXT } from './course-checkout';
import { CourseDetailContent, welcomeText } from './course-detail-content';

jest.mock('../api/marketing-api', () => ({ marketingApi: { getCourse: jest.fn(), getOutline: jest.fn() } }));
jest.mock('../api/member-api', () => ({ memberApi: { isEnrolled: jest.fn(), getProgress: jest.fn() } }));
jest.mock('../api/visitor', () => ({ useVisitor: jest.fn(), memberClient: jest.fn() }));
jest.mock('./browser', () => ({ redirectTo: jest.fn() }));
const getCourse = marketingApi.getCourse as jest.Mock;
const isEnrolled = memberApi.isEnrolled as jest.Mock;
const getOutline = marketingApi.getOutline as jest.Mock;
const getProgress = memberApi.getProgress as jest.Mock;

const LESSON_IDS = ['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-0000000000b1'];
/** The fixture course's two modules with published lessons, the first a free preview. */
const outlineFixture = () => ({
  courseId: 'ai-fundamentals',
  modules: [
    {
      title: 'How AI agents work',
      lessons: [
        { id: LESSON_IDS[0], moduleIndex: 0, title: 'What a language model is', estimatedMinutes: 8, isPreview: true },
        { id: LESSON_IDS[1], moduleIndex: 0, title: 'From chatbots to agents', estimatedMinutes: 9, isPreview: false },
      ],
    },
    { title: 'Prompting that works', lessons: [{ id: LESSON_IDS[2], moduleIndex: 1, title: 'Giving context and a goal', estimatedMinutes: 9, isPreview: false }] },
  ],
});
const progressFixture = (completedLessonIds: string[], nextLessonId: string | null) => ({
  courseId: 'ai-fundamentals',
  completedLessonIds,
  completed: completedLessonIds.length,
  total: 3,
  percent: Math.floor((completedLessonIds.length * 100) / 3),
  nextLessonId,
  certificate: null,
});
const visitor = useVisitor as jest.Mock<Visitor>;
const call = jest.fn();

const SIGNED_IN: Visitor = { status: 'signed-in', user: userFixture() };

function Location() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

function renderCourse(id = 'ai-fundamentals', url = `/courses/${id}`) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/courses/:courseId" element={<CourseDetailContent courseId={id} />} />
        <Route path="*" element={null} />
      </Routes>
      <Location />
    </MemoryRouter>,
  );
}
const location = () => screen.getByTestId('location').textContent;

/** Start Learning, once the enrolment check has settled and the button is usable. */
async function startLearning() {
  const button = await screen.findByRole('button', { name: 'Start Learning' });
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  return button;
}

const community = () => within(screen.getByRole('heading', { name: 'Course community' }).closest('.ad-card') as HTMLElement);

beforeEach(() => {
  getCourse.mockReset().mockResolvedValue(courseFixture());
  isEnrolled.mockReset().mockResolvedValue(false);
  getOutline.mockReset().mockResolvedValue(outlineFixture());
  getProgress.mockReset().mockResolvedValue(progressFixture([], LESSON_IDS[0]!));
  visitor.mockReset().mockReturnValue({ status: 'signed-out' });
  call.mockReset();
  (memberClient as jest.Mock).mockReturnValue({ call });
  (redirectTo as jest.Mock).mockReset();
});

describe('course page', () => {
  it('shows neither a member count nor a completion rate for a course nobody has joined yet', async () => {
    getCourse.mockResolvedValueOnce(courseFixture({ students: 0, completionRate: null }));
    renderCourse();
    expect(await screen.findByRole('heading', { level: 1, name: 'AI Fundamentals' })).toBeTruthy();
    expect(screen.queryByText('Members')).toBeNull();
    expect(screen.queryByText('Completed by')).toBeNull();
    expect(screen.getByText('Duration')).toBeTruthy();
  });

  it('shows a loading state, then every field of the course', async () => {
    renderCourse();
    expect(screen.getByRole('status').textContent).toContain('Loading the course');

    expect(await screen.findByRole('heading', { level: 1, name: 'AI Fundamentals' })).toBeTruthy();
    expect(getCourse).toHaveBeenCalledWith('ai-fundamentals', expect.anything());
    for (const text of [
      'The foundations of AI for business.',
      'A complete introduction to AI for business owners.',
      '2 weeks',
      'Beginner',
      '1,250',
      '64%',
      '$25 per month',
      'Dana Reyes',
      'AI educator',
      'Certificate of completion',
      'Hands-on exercises',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    const modules = screen.getByRole('heading', { name: 'Course content' }).parentElement!;
    expect(within(modules).getByRole('heading', { name: 'Module 1 What AI can do' })).toBeTruthy();
    expect(within(modules).getByText('Limits and risks')).toBeTruthy();
    expect(within(modules).getByText('Tools')).toBeTruthy();
    expect(document.title).toBe('AI Fundamentals · Agentdock');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('The foundations of AI for business.');
  });

  it('shows Course Not Found with a link back for an unknown id', async () => {
    getCourse.mockResolvedValue(null);
    renderCourse('no-such-course');
    expect(await screen.findByRole('heading', { level: 1, name: 'Course Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Courses' }).getAttribute('href')).toBe('/courses');
  });

  it('keeps the discussion and community locked for a visitor, with a way to sign in', async () => {
    renderCourse();
    await screen.findByRole('heading', { level: 1, name: 'AI Fundamentals' });
    expect(community().getByText(/You need to be enrolled in this course to access the discussion forum\./)).toBeTruthy();
    expect(community().queryByRole('link', { name: 'Open Discussion' })).toBeNull();
    expect(community().getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin?returnUrl=%2Fcourses%2Fai-fundamentals');
    expect(isEnrolled).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Start Learning' }));
    expect(location()).toBe('/signin?returnUrl=%2Fcourses%2Fai-fundamentals');
    expect(call).not.toHaveBeenCalled();
  });

  it('keeps them locked for a signed-in member who is not enrolled', async () => {
    visitor.mockReturnValue(SIGNED_IN);
    renderCourse();
    await screen.findByRole('heading', { level: 1, name: 'AI Fundamentals' });
    expect(isEnrolled).toHaveBeenCalledWith('ai-fundamentals', expect.anything());
    expect(community().getByText('Members Only:')).toBeTruthy();
    expect(community().queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(community().queryByRole('link', { name: 'Open Discussion' })).toBeNull();
  });

  it('opens the discussion, the community chat and Start Learning for an enrolled member', async () => {
    visitor.mockReturnValue(SIGNED_IN);
    isEnrolled.mockResolvedValue(true);
    renderCourse();
    const discussion = await screen.findByRole('link', { name: 'Open Discussion' });
    expect(discussion.getAttribute('href')).toBe('/courses/ai-fundamentals/discussion');
    expect(
      community()
        .getByRole('link', { name: /Join Community Chat/ })
        .getAttribute('href'),
    ).toBe('https://discord.gg/agentdock');
    expect(community().queryByText('Members Only:')).toBeNull();
    expect((await screen.findByRole('link', { name: 'Start Learning' })).getAttribute('href')).toBe(`/courses/ai-fundamentals/lessons/${LESSON_IDS[0]}`);
  });

  it('links every lesson, marks the free preview, and turns Start Learning into Continue at the first unfinished lesson', async () => {
    visitor.mockReturnValue(SIGNED_IN);
    isEnrolled.mockResolvedValue(true);
    getProgress.mockResolvedValue(progressFixture([LESSON_IDS[0]!], LESSON_IDS[1]!));
    renderCourse();
    const resume = await screen.findByRole('link', { name: 'Continue' });
    expect(resume.getAttribute('href')).toBe(`/courses/ai-fundamentals/lessons/${LESSON_IDS[1]}`);
    expect(screen.getByText('1 of 3 lessons, 33 %')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Course progress' }).getAttribute('aria-valuenow')).toBe('33');
    expect(screen.getByRole('link', { name: 'Giving context and a goal' }).getAttribute('href')).toBe(`/courses/ai-fundamentals/lessons/${LESSON_IDS[2]}`);
    expect(screen.getByRole('link', { name: 'What a language model is' }).parentElement?.textContent).toBe('What a language model is ✓ · free preview');
  });

  it('lets a visitor open the free preview from the outline', async () => {
    renderCourse();
    const preview = await screen.findByRole('link', { name: 'What a language model is' });
    expect(preview.getAttribute('href')).toBe(`/courses/ai-fundamentals/lessons/${LESSON_IDS[0]}`);
    expect(getProgress).not.toHaveBeenCalled();
  });

  it('stays locked and says so when the enrolment check fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    visitor.mockReturnValue(SIGNED_IN);
    isEnrolled.mockRejectedValue(new Error('down'));
    renderCourse();
    expect(await screen.findByText('We could not check your enrolment just now. Reload the page to try again.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open Discussion' })).toBeNull();
  });

  it("starts the checkout for the course's monthly price for a signed-in member who is not enrolled", async () => {
    visitor.mockReturnValue(SIGNED_IN);
    call.mockResolvedValue({ url: 'https://pay.example/checkout/cs_1' });
    renderCourse();
    fireEvent.click(await startLearning());
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://pay.example/checkout/cs_1'));
    expect(call).toHaveBeenCalledWith(BILLING_ENDPOINTS.checkout, { body: { kind: 'course', courseId: 'ai-fundamentals' } });
    expect(screen.getByRole('button', { name: 'Start Learning' }).hasAttribute('disabled')).toBe(true);
  });

  it("shows billing's refusal, or the checkout failure text, and lets the member try again", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    visitor.mockReturnValue(SIGNED_IN);
    call.mockRejectedValueOnce(new ApiError(409, 'already_enrolled', 'You are already enrolled in this course.'));
    call.mockRejectedValueOnce(new Error('network down'));
    renderCourse();
    fireEvent.click(await startLearning());
    expect((await screen.findByRole('alert')).textContent).toBe('You are already enrolled in this course.');
    fireEvent.click(await startLearning());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(BILLING_TEXTS.checkoutFailed));
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('back from paying, waits for the access billing grants, then opens the course', async () => {
    visitor.mockReturnValue(SIGNED_IN);
    isEnrolled.mockResolvedValueOnce(false).mockResolvedValue(true);
    renderCourse('ai-fundamentals', '/courses/ai-fundamentals?subscription=success');
    expect(await screen.findByText(ACCESS_PENDING_TEXT)).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/courses/ai-fundamentals'));
    const start = await screen.findByRole('link', { name: 'Start Learning' }, { timeout: 4000 });
    expect(start.getAttribute('href')).toBe(`/courses/ai-fundamentals/lessons/${LESSON_IDS[0]}`);
    expect(screen.getByRole('status').textContent).toBe(welcomeText(courseFixture()));
    expect(isEnrolled).toHaveBeenCalledTimes(2);
  });

  it('acknowledges an abandoned checkout', async () => {
    visitor.mockReturnValue(SIGNED_IN);
    renderCourse('ai-fundamentals', '/courses/ai-fundamentals?subscription=cancelled');
    expect(await screen.findByText(PAYMENT_CANCELLED_TEXT)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start Learning' })).toBeTruthy();
  });
});
