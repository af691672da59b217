/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@agentdock/api-client';
import { userFixture } from '@agentdock/contracts/testing';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { marketingApi } from '../api/marketing-api';
import { memberApi } from '../api/member-api';
import { useVisitor, type Visitor } from '../api/visitor';
import { courseFixture } from '../test-support/catalog';
import { LessonContent, MEMBERS_ONLY_LESSON } from './lesson-content';
import { startCourseCheckout } from './start-course-checkout';

jest.mock('../api/marketing-api', () => ({ marketingApi: { getCourse: jest.fn(), getOutline: jest.fn() } }));
jest.mock('../api/member-api', () => ({
  memberApi: { getLesson: jest.fn(), getProgress: jest.fn(), setLessonCompleted: jest.fn(), getExerciseAnswer: jest.fn(), saveExerciseAnswer: jest.fn() },
}));
jest.mock('../api/visitor', () => ({ useVisitor: jest.fn(), memberClient: jest.fn() }));
jest.mock('./start-course-checkout', () => ({ startCourseCheckout: jest.fn() }));
jest.mock('../content/sanitize-html', () => ({ sanitizeHtml: (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, '') }));

const api = { ...(marketingApi as unknown as Record<string, jest.Mock>), ...(memberApi as unknown as Record<string, jest.Mock>) };
const visitor = useVisitor as jest.Mock<Visitor>;

const IDS = ['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a2'];
const lesson = {
  id: IDS[1],
  courseId: 'ai-fundamentals',
  moduleIndex: 0,
  moduleTitle: 'How AI agents work',
  title: 'From chatbots to agents',
  estimatedMinutes: 9,
  isPreview: false,
  html: '<p>An <strong>agent</strong> goes one step further.</p><script>window.hacked = true</script>',
  videoUrl: 'https://www.youtube-nocookie.com/embed/abc123',
  exercisePrompt: 'Name one task for an agent.',
  previousLessonId: IDS[0],
  nextLessonId: null,
};
const outline = {
  courseId: 'ai-fundamentals',
  modules: [
    {
      title: 'How AI agents work',
      lessons: [
        { id: IDS[0], moduleIndex: 0, title: 'What a language model is', estimatedMinutes: 8, isPreview: true },
        { id: IDS[1], moduleIndex: 0, title: 'From chatbots to agents', estimatedMinutes: 9, isPreview: false },
      ],
    },
  ],
};
const progress = (done: string[]) => ({
  courseId: 'ai-fundamentals',
  completedLessonIds: done,
  completed: done.length,
  total: 2,
  percent: done.length * 50,
  nextLessonId: IDS.find((id) => !done.includes(id)) ?? IDS[0],
  certificate: done.length === 2 ? { code: 'K7PD-3XQM-9TBA', courseId: 'ai-fundamentals', courseTitle: 'AI', learnerName: 'Ada', completedAt: '2026-11-25T10:00:00.000Z' } : null,
});

function renderLesson() {
  return render(
    <MemoryRouter initialEntries={[`/courses/ai-fundamentals/lessons/${IDS[1]}`]}>
      <Routes>
        <Route path="/courses/:courseId/lessons/:lessonId" element={<LessonContent courseId="ai-fundamentals" lessonId={IDS[1]!} />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  for (const mock of Object.values(api)) mock.mockReset();
  api.getCourse!.mockResolvedValue(courseFixture());
  api.getOutline!.mockResolvedValue(outline);
  api.getLesson!.mockResolvedValue(lesson);
  api.getProgress!.mockResolvedValue(progress([IDS[0]!]));
  api.getExerciseAnswer!.mockResolvedValue({ answer: 'My draft', updatedAt: '2026-11-25T10:00:00.000Z' });
  visitor.mockReturnValue({ status: 'signed-in', user: userFixture() });
});

describe('lesson page', () => {
  it('shows the lesson, its video from an allowed player, the outline with progress, and the way back', async () => {
    renderLesson();
    expect(await screen.findByRole('heading', { level: 1, name: 'From chatbots to agents' })).toBeTruthy();
    expect(screen.getByText('agent').tagName).toBe('STRONG');
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByTitle('Video: From chatbots to agents').getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/abc123');
    expect(screen.getByText(/About 9 min/)).toBeTruthy();
    const aside = screen.getByRole('complementary', { name: 'Course outline' });
    expect(within(aside).getByText('1 of 2 lessons, 50 %')).toBeTruthy();
    expect(within(aside).getByRole('link', { name: 'From chatbots to agents' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: '← Previous lesson' }).getAttribute('href')).toBe(`/courses/ai-fundamentals/lessons/${IDS[0]}`);
    expect(screen.getByRole('link', { name: 'Back to the course' }).getAttribute('href')).toBe('/courses/ai-fundamentals');
  });

  it('marks the lesson complete and not complete again, and offers the certificate when the course is done', async () => {
    api.setLessonCompleted!.mockResolvedValueOnce(progress(IDS)).mockResolvedValueOnce(progress([IDS[0]!]));
    renderLesson();
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as complete' }));
    expect(await screen.findByRole('button', { name: 'Mark as not complete' })).toBeTruthy();
    expect(api.setLessonCompleted).toHaveBeenLastCalledWith('ai-fundamentals', IDS[1], true);
    expect(screen.getByRole('link', { name: 'See your certificate' }).getAttribute('href')).toBe('/certificates/K7PD-3XQM-9TBA');
    expect(screen.getByRole('group', { name: 'Share your certificate' })).toBeTruthy();
    expect(screen.getByText('2 of 2 lessons, 100 %')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark as not complete' }));
    expect(await screen.findByRole('button', { name: 'Mark as complete' })).toBeTruthy();
    expect(api.setLessonCompleted).toHaveBeenLastCalledWith('ai-fundamentals', IDS[1], false);
  });

  it("loads and saves the learner's own exercise answer", async () => {
    api.saveExerciseAnswer!.mockResolvedValue({ answer: 'Meeting notes', updatedAt: '2026-11-25T11:00:00.000Z' });
    renderLesson();
    const answer = await screen.findByRole('textbox', { name: 'Your answer (only you can see it)' });
    await waitFor(() => expect((answer as HTMLTextAreaElement).value).toBe('My draft'));
    fireEvent.change(answer, { target: { value: 'Meeting notes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save answer' }));
    expect(await screen.findByText('Answer saved')).toBeTruthy();
    expect(api.saveExerciseAnswer).toHaveBeenCalledWith('ai-fundamentals', IDS[1], 'Meeting notes');
  });

  it('shows Members Only when the catalog refuses the lesson, with a way to sign in for a visitor', async () => {
    visitor.mockReturnValue({ status: 'signed-out' });
    api.getLesson!.mockRejectedValue(new ApiError(401, 'sign_in_required', MEMBERS_ONLY_LESSON));
    renderLesson();
    expect(await screen.findByRole('heading', { level: 1, name: 'Members Only' })).toBeTruthy();
    expect(screen.getByText(MEMBERS_ONLY_LESSON)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toContain('/signin?returnUrl=');
    expect(api.getProgress).not.toHaveBeenCalled();
  });

  it("offers a signed-in non-member the course's subscription from the locked lesson, and says why if checkout fails", async () => {
    api.getLesson!.mockRejectedValue(new ApiError(403, 'not_enrolled', MEMBERS_ONLY_LESSON));
    (startCourseCheckout as jest.Mock).mockReset().mockResolvedValue('Checkout is unavailable right now.');
    renderLesson();
    const subscribe = await screen.findByRole('button', { name: 'Subscribe to the course' });
    expect(screen.getByText('$25 per month, cancel anytime.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    fireEvent.click(subscribe);
    expect(await screen.findByText('Checkout is unavailable right now.')).toBeTruthy();
    expect(startCourseCheckout).toHaveBeenCalledWith('ai-fundamentals');
  });

  it('says Lesson Not Found for an unknown lesson', async () => {
    api.getLesson!.mockRejectedValue(new ApiError(404, 'lesson_not_found', 'Lesson Not Found'));
    renderLesson();
    expect(await screen.findByRole('heading', { level: 1, name: 'Lesson Not Found' })).toBeTruthy();
  });
});
