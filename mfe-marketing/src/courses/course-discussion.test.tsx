/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiError } from '@agentdock/api-client';
import { marketingApi } from '../api/marketing-api';
import { memberApi } from '../api/member-api';
import { useVisitor, type Visitor } from '../api/visitor';
import { userFixture } from '@agentdock/contracts/testing';
import { commentFixture, courseFixture } from '../test-support/catalog';
import { CourseDiscussionContent } from './course-discussion-content';

jest.mock('../api/marketing-api', () => ({ marketingApi: { getCourse: jest.fn() } }));
jest.mock('../api/member-api', () => ({ memberApi: { isEnrolled: jest.fn(), getComments: jest.fn(), postComment: jest.fn() } }));
jest.mock('../api/visitor', () => ({ useVisitor: jest.fn() }));
const member = memberApi as jest.Mocked<typeof memberApi>;
const visitor = useVisitor as jest.Mock<Visitor>;

const discussionPage = () => (
  <MemoryRouter initialEntries={['/courses/ai-fundamentals/discussion']}>
    <Routes>
      <Route path="/courses/:courseId/discussion" element={<CourseDiscussionContent courseId="ai-fundamentals" />} />
      <Route path="/courses/:courseId" element={<h1>Course page</h1>} />
    </Routes>
  </MemoryRouter>
);

function renderDiscussion() {
  return render(discussionPage());
}

beforeEach(() => {
  (marketingApi.getCourse as jest.Mock).mockReset().mockResolvedValue(courseFixture());
  member.isEnrolled.mockReset().mockResolvedValue(true);
  member.getComments.mockReset().mockResolvedValue([commentFixture()]);
  member.postComment.mockReset();
  visitor.mockReset().mockReturnValue({ status: 'signed-in', user: userFixture() });
});

describe('course discussion', () => {
  it('waits while the session is being checked', () => {
    visitor.mockReturnValue({ status: 'loading' });
    renderDiscussion();
    expect(screen.getByRole('status').textContent).toContain('Checking your membership');
  });

  it('keeps a member on the discussion when their session is restored after the page opened', async () => {
    visitor.mockReturnValue({ status: 'loading' });
    const view = renderDiscussion();
    // What was checked before the session was known has settled by the time it is restored.
    await act(() => Promise.resolve());
    visitor.mockReturnValue({ status: 'signed-in', user: userFixture() });
    view.rerender(discussionPage());

    expect(await screen.findByRole('heading', { level: 1, name: 'AI Fundamentals Discussion' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Course page' })).toBeNull();
  });

  it('sends a signed-out visitor to the course page', async () => {
    visitor.mockReturnValue({ status: 'signed-out' });
    renderDiscussion();
    expect(await screen.findByRole('heading', { name: 'Course page' })).toBeTruthy();
    expect(member.getComments).not.toHaveBeenCalled();
  });

  it('sends a member who is not enrolled to the course page', async () => {
    member.isEnrolled.mockResolvedValue(false);
    renderDiscussion();
    expect(await screen.findByRole('heading', { name: 'Course page' })).toBeTruthy();
    expect(member.getComments).not.toHaveBeenCalled();
  });

  it('shows an enrolled member the comments and posts a new one', async () => {
    const user = userEvent.setup();
    member.postComment.mockResolvedValue(commentFixture({ id: '00000000-0000-4000-8000-0000000000d2', body: 'My first question' }));
    renderDiscussion();

    expect(await screen.findByRole('heading', { level: 1, name: 'AI Fundamentals Discussion' })).toBeTruthy();
    expect(screen.getByText('Loving module one.')).toBeTruthy();

    await user.type(screen.getByLabelText('Your comment'), '  My first question  ');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));

    expect(member.postComment).toHaveBeenCalledWith('ai-fundamentals', 'My first question');
    expect(await screen.findByText('My first question')).toBeTruthy();
    expect((screen.getByLabelText('Your comment') as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByRole('status').textContent).toBe('Your comment is posted.');
  });

  it('asks for text before posting', async () => {
    const user = userEvent.setup();
    renderDiscussion();
    await user.click(await screen.findByRole('button', { name: 'Post Comment' }));
    expect(screen.getByText('Write a comment first')).toBeTruthy();
    expect(member.postComment).not.toHaveBeenCalled();
  });

  it('keeps the text and shows the reason when posting fails', async () => {
    const user = userEvent.setup();
    member.postComment.mockRejectedValue(new ApiError(403, 'not_enrolled', 'You are not enrolled in this course.'));
    renderDiscussion();
    await user.type(await screen.findByLabelText('Your comment'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You are not enrolled in this course.');
    expect((screen.getByLabelText('Your comment') as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('says when there are no comments yet', async () => {
    member.getComments.mockResolvedValue([]);
    renderDiscussion();
    expect(await screen.findByText('No comments yet. Start the conversation.')).toBeTruthy();
  });
});
