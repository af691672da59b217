/** @jest-environment @agentdock/session/jsdom-environment */
import { screen, waitFor, within } from '@testing-library/react';
import { jsonResponse } from '@agentdock/session/testing';
import { dashboardServices, renderDashboard } from './testing';

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

const NEXT_LESSON = '00000000-0000-4000-8000-0000000000a2';

describe('courses on the dashboard overview', () => {
  it('shows courses in progress with a Continue link, and the certificates earned', async () => {
    const services = dashboardServices();
    services.on(
      'GET /api/catalog/me/learning',
      jsonResponse(200, {
        courses: [{ courseId: 'build-ai-agents', title: 'Build Your Own AI Agents', completed: 4, total: 12, percent: 33, nextLessonId: NEXT_LESSON }],
        certificates: [
          { code: 'K7PD-3XQM-9TBA', courseId: 'ai-fundamentals', courseTitle: 'AI Fundamentals for Business', learnerName: 'Ada', completedAt: '2026-11-24T10:00:00.000Z' },
        ],
      }),
    );
    renderDashboard('/dashboard', services);
    const inProgress = await screen.findByRole('list', { name: 'Courses in progress' }, { timeout: 4000 });
    expect(within(inProgress).getByText(/4 of 12 lessons, 33 %/)).toBeTruthy();
    expect(within(inProgress).getByRole('link', { name: 'Continue Build Your Own AI Agents' }).getAttribute('href')).toBe(`/courses/build-ai-agents/lessons/${NEXT_LESSON}`);
    const certificates = screen.getByRole('list', { name: 'Certificates' });
    expect(within(certificates).getByRole('link', { name: 'Certificate: AI Fundamentals for Business' }).getAttribute('href')).toBe('/certificates/K7PD-3XQM-9TBA');
  });

  it('shows nothing about courses to someone who has not started one', async () => {
    const services = dashboardServices();
    renderDashboard('/dashboard', services);
    await screen.findByRole('heading', { name: 'Usage Statistics' }, { timeout: 4000 });
    await waitFor(() => expect(services.callsTo('GET /api/catalog/me/learning')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Your Courses' })).toBeNull();
  });
});
