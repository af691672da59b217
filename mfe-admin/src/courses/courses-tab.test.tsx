/** @jest-environment @agentdock/session/jsdom-environment */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorResponse, jsonResponse } from '@agentdock/session/testing';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { UNKNOWN_USER } from '../console/resolve-user';
import { adminServices, renderConsole, userRow } from '../testing';
import { REVOKE_CONFIRMATION } from './courses-tab';

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

const course = (id: string, title: string) => ({
  id,
  title,
  description: '',
  fullDescription: '',
  estimatedDuration: '',
  level: '',
  students: 0,
  priceMinor: 2_500,
  currency: 'usd',
  image: '',
  instructor: { name: '', role: '', image: '' },
  modules: [],
  whatYouGet: [],
});

function coursesServices() {
  const services = adminServices();
  services.on('GET /api/catalog/courses', jsonResponse(200, { courses: [course('ai-fundamentals', 'AI Fundamentals'), course('build-ai-agents', 'Build AI Agents')] }));
  services.on('GET /api/catalog/admin/courses/ai-fundamentals/enrolments', jsonResponse(200, { enrolments: [] }));
  services.on(
    'GET /api/catalog/admin/courses/build-ai-agents/enrolments',
    jsonResponse(200, { enrolments: [{ courseId: 'build-ai-agents', userId: userRow(1).id, source: 'subscription', createdAt: '2026-11-20T10:00:00.000Z' }] }),
  );
  return services;
}

describe('courses tab', () => {
  it('lists the enrolments of the chosen course, or says there are none', async () => {
    renderConsole('/admin?tab=courses', coursesServices());
    expect(await screen.findByText('No one is enrolled in this course yet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Course'), { target: { value: 'build-ai-agents' } });
    const list = await screen.findByRole('list', { name: 'Enrolled users' });
    // The member's name and address come from svc-identity, asked by id.
    expect(await within(list).findByText('User 1 <user1@example.com>')).toBeTruthy();
    expect(within(list).getByText('Subscription')).toBeTruthy();
  });

  it('grants access by email, and says so when no user has the address', async () => {
    const services = coursesServices();
    services.on('GET /api/identity/admin/users', (call) =>
      jsonResponse(200, call.path.toLowerCase().includes('q=user1%40example.com') ? { users: [userRow(11), userRow(1)], total: 2 } : { users: [], total: 0 }),
    );
    services.on('POST /api/catalog/admin/courses/ai-fundamentals/enrolments', (call) =>
      jsonResponse(201, { courseId: 'ai-fundamentals', userId: (call.body as { userId: string }).userId, source: 'admin', createdAt: '2026-11-21T10:00:00.000Z' }),
    );
    renderConsole('/admin?tab=courses', services);
    await screen.findByText('No one is enrolled in this course yet.');
    fireEvent.change(screen.getByLabelText('User email or ID'), { target: { value: 'nobody@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Grant Access' }));
    expect(await screen.findByText(UNKNOWN_USER)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('User email or ID'), { target: { value: 'User1@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Grant Access' }));
    const list = await screen.findByRole('list', { name: 'Enrolled users' });
    expect(within(list).getByText('Granted by an admin')).toBeTruthy();
    expect(services.callsTo('POST /api/catalog/admin/courses/ai-fundamentals/enrolments')[0]!.body).toEqual({ userId: userRow(1).id });
  });

  it('revokes after the confirmation and reports a failure', async () => {
    const services = coursesServices();
    const path = `DELETE /api/catalog/admin/courses/build-ai-agents/enrolments/${userRow(1).id}`;
    services.on(path, errorResponse(500, 'internal', 'Boom'));
    renderConsole('/admin?tab=courses', services);
    await screen.findByText('No one is enrolled in this course yet.');
    fireEvent.change(screen.getByLabelText('Course'), { target: { value: 'build-ai-agents' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke access of user1@example.com' }));
    fireEvent.click(within(screen.getByRole('alertdialog', { name: REVOKE_CONFIRMATION })).getByRole('button', { name: 'Revoke' }));
    expect((await screen.findByRole('alert')).textContent).toContain(ADMIN_ERRORS.courseAccess);

    services.on(path, jsonResponse(204));
    fireEvent.click(screen.getByRole('button', { name: 'Revoke access of user1@example.com' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.getByText('No one is enrolled in this course yet.')).toBeTruthy());
  });
});
