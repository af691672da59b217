/** @jest-environment @agentdock/session/jsdom-environment */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorResponse, jsonResponse } from '@agentdock/session/testing';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { UNKNOWN_USER } from '../console/resolve-user';
import { adminServices, courseRow, renderConsole, userRow } from '../testing';
import { ARCHIVE_COURSE_CONFIRMATION } from './course-list';
import { REVOKE_CONFIRMATION } from './courses-tab';

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

const lesson = (id: number, moduleIndex: number, position: number, title: string, isPublished = true) => ({
  id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  courseId: 'ai-fundamentals',
  moduleIndex,
  position,
  title,
  body: `About ${title}`,
  html: `<p>About ${title}</p>`,
  videoUrl: null,
  estimatedMinutes: 5,
  exercisePrompt: null,
  isPreview: id === 1,
  isPublished,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
});
const LESSONS = [lesson(1, 0, 0, 'First steps'), lesson(2, 0, 1, 'Second steps'), lesson(3, 1, 0, 'Try it', false)];

function coursesServices() {
  const services = adminServices();
  services.on(
    'GET /api/catalog/admin/courses',
    jsonResponse(200, { courses: [courseRow('ai-fundamentals', 'AI Fundamentals'), { ...courseRow('build-ai-agents', 'Build AI Agents'), students: 1 }] }),
  );
  services.on('GET /api/catalog/admin/courses/ai-fundamentals/enrolments', jsonResponse(200, { enrolments: [] }));
  services.on('GET /api/catalog/admin/courses/ai-fundamentals/lessons', jsonResponse(200, { lessons: LESSONS }));
  services.on('GET /api/catalog/admin/courses/build-ai-agents/lessons', jsonResponse(200, { lessons: [] }));
  services.on(
    'GET /api/catalog/admin/courses/build-ai-agents/enrolments',
    jsonResponse(200, { enrolments: [{ courseId: 'build-ai-agents', userId: userRow(1).id, source: 'subscription', createdAt: '2026-11-20T10:00:00.000Z' }] }),
  );
  return services;
}

describe('courses tab: lessons', () => {
  it('lists the lessons by module with their state, and reorders one within its module', async () => {
    const services = coursesServices();
    const orders: unknown[] = [];
    services.on('PUT /api/catalog/admin/courses/ai-fundamentals/lessons/order', (call) => {
      orders.push(call.body);
      return jsonResponse(200, { lessons: [{ ...LESSONS[1]!, position: 0 }, { ...LESSONS[0]!, position: 1 }, LESSONS[2]] });
    });
    renderConsole('/admin?tab=courses', services);
    const first = await screen.findByRole('list', { name: 'Lessons of module 1' });
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((row) => row.firstChild?.textContent),
    ).toEqual(['First steps', 'Second steps']);
    const second = screen.getByRole('list', { name: 'Lessons of module 2' });
    expect(within(second).getByText('Draft')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Move First steps up' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move First steps down' }));
    await waitFor(() =>
      expect(
        within(first)
          .getAllByRole('listitem')
          .map((row) => row.firstChild?.textContent),
      ).toEqual(['Second steps', 'First steps']),
    );
    expect(orders).toEqual([{ lessonIds: [LESSONS[1]!.id, LESSONS[0]!.id, LESSONS[2]!.id] }]);
  });

  it('adds a lesson with a live, sanitised Markdown preview, and publishes a draft', async () => {
    const services = coursesServices();
    const created: unknown[] = [];
    services.on('POST /api/catalog/admin/courses/ai-fundamentals/lessons', (call) => {
      created.push(call.body);
      return jsonResponse(201, lesson(4, 1, 1, 'Templates', false));
    });
    services.on('PATCH /api/catalog/admin/courses/ai-fundamentals/lessons/00000000-0000-4000-8000-000000000003', (call) =>
      jsonResponse(200, { ...LESSONS[2]!, ...(call.body as object) }),
    );
    renderConsole('/admin?tab=courses', services);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Lesson' }));
    fireEvent.change(screen.getByLabelText('Lesson title'), { target: { value: 'Templates' } });
    fireEvent.change(screen.getByLabelText('Module'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Lesson text (Markdown)'), { target: { value: 'Keep **good** prompts<script>alert(1)</script>' } });
    await waitFor(() => expect(screen.getByTestId('lesson-preview').innerHTML).toContain('<strong>good</strong>'));
    expect(screen.getByTestId('lesson-preview').innerHTML).not.toContain('script');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const second = await screen.findByRole('list', { name: 'Lessons of module 2' });
    await within(second).findByText('Templates');
    expect(created).toEqual([
      {
        moduleIndex: 1,
        title: 'Templates',
        estimatedMinutes: 10,
        videoUrl: null,
        exercisePrompt: null,
        body: 'Keep **good** prompts<script>alert(1)</script>',
        isPreview: false,
        isPublished: false,
      },
    ]);
    fireEvent.click(within(second).getByRole('button', { name: 'Publish Try it' }));
    expect(await within(second).findByRole('button', { name: 'Unpublish Try it' })).toBeTruthy();
  });

  it("shows the catalog's message beside the field it refuses", async () => {
    const services = coursesServices();
    services.on(
      'POST /api/catalog/admin/courses/ai-fundamentals/lessons',
      errorResponse(400, 'validation_failed', 'Invalid request', [{ path: 'videoUrl', message: 'Use an https embed link from YouTube' }]),
    );
    renderConsole('/admin?tab=courses', services);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Lesson' }));
    fireEvent.change(screen.getByLabelText('Lesson title'), { target: { value: 'Video' } });
    fireEvent.change(screen.getByLabelText('Video URL (optional)'), { target: { value: 'https://evil.example.com/x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Use an https embed link from YouTube')).toBeTruthy();
  });
});

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

describe('courses tab: the courses for sale', () => {
  const listed = () =>
    within(screen.getByRole('list', { name: 'Courses in display order' }))
      .getAllByRole('listitem')
      .map((row) => row.querySelector('strong')?.textContent);

  it('lists each course with its price and billing, level, duration, members and status', async () => {
    renderConsole('/admin?tab=courses', coursesServices());
    await screen.findByRole('list', { name: 'Courses in display order' });
    expect(listed()).toEqual(['AI Fundamentals', 'Build AI Agents']);
    expect(screen.getAllByTestId('course-price').map((price) => price.textContent)).toEqual(['$25 per month', '$25 per month']);
    expect(screen.getAllByTestId('course-members').map((count) => count.textContent)).toEqual(['0 members', '1 member']);
    expect(screen.getAllByText('Listed')).toHaveLength(2);
  });

  it('creates a one-time course from the form, sending the price in cents, and shows it last', async () => {
    const services = coursesServices();
    services.on('POST /api/catalog/admin/courses', (call) =>
      jsonResponse(201, {
        ...courseRow('sales-basics', 'Sales Basics'),
        priceMinor: 9_900,
        billing: 'one_time',
        ...(call.body as object),
        modules: [{ title: 'Lessons', lessons: [] }],
      }),
    );
    renderConsole('/admin?tab=courses', services);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Course' }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Sales Basics' } });
    fireEvent.change(screen.getByLabelText('Duration'), { target: { value: '2 weeks' } });
    fireEvent.change(screen.getByLabelText('Price ($)'), { target: { value: '99' } });
    fireEvent.change(screen.getByLabelText('Short description'), { target: { value: 'Sell with agents.' } });
    fireEvent.change(screen.getByLabelText('Instructor name'), { target: { value: 'Rita Ng' } });
    fireEvent.change(screen.getByLabelText('Instructor role'), { target: { value: 'Sales Lead' } });
    fireEvent.change(screen.getByLabelText('Instructor photo'), { target: { value: 'other' } });
    fireEvent.change(screen.getByLabelText('Instructor photo address'), { target: { value: 'https://images.example.com/rita.png' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('list', { name: 'Courses in display order' });
    expect(listed()).toEqual(['AI Fundamentals', 'Build AI Agents', 'Sales Basics']);
    expect(services.callsTo('POST /api/catalog/admin/courses')[0]!.body).toMatchObject({
      title: 'Sales Basics',
      priceMinor: 9_900,
      billing: 'one_time',
      level: 'Beginner',
      image: '/api/catalog/assets/courses/ai-fundamentals.svg',
      instructor: { name: 'Rita Ng', role: 'Sales Lead', image: 'https://images.example.com/rita.png' },
      modules: ['Lessons'],
    });
  });

  it("shows the catalog's messages beside the price and the instructor's name", async () => {
    const services = coursesServices();
    services.on(
      'PATCH /api/catalog/admin/courses/ai-fundamentals',
      errorResponse(400, 'validation_failed', 'Invalid request', [
        { path: 'priceMinor', message: 'The price must be at least 0.50' },
        { path: 'instructor.name', message: 'Name the instructor' },
      ]),
    );
    renderConsole('/admin?tab=courses', services);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit AI Fundamentals' }));
    fireEvent.change(screen.getByLabelText('Price ($)'), { target: { value: '0.1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The price must be at least 0.50')).toBeTruthy();
    expect(screen.getByText('Name the instructor')).toBeTruthy();
    expect(services.callsTo('PATCH /api/catalog/admin/courses/ai-fundamentals')[0]!.body).toMatchObject({ priceMinor: 10 });
  });

  it('moves a course down with the keyboard-reachable buttons and archives one after the confirmation', async () => {
    const services = coursesServices();
    services.on('PUT /api/catalog/admin/courses/order', () =>
      jsonResponse(200, { courses: [courseRow('build-ai-agents', 'Build AI Agents'), courseRow('ai-fundamentals', 'AI Fundamentals')] }),
    );
    services.on('POST /api/catalog/admin/courses/ai-fundamentals/archive', () => jsonResponse(200, { ...courseRow('ai-fundamentals', 'AI Fundamentals'), archived: true }));
    renderConsole('/admin?tab=courses', services);
    expect(((await screen.findByRole('button', { name: 'Move AI Fundamentals up' })) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move AI Fundamentals down' }));
    await waitFor(() => expect(listed()).toEqual(['Build AI Agents', 'AI Fundamentals']));
    expect(services.callsTo('PUT /api/catalog/admin/courses/order')[0]!.body).toEqual({ courseIds: ['build-ai-agents', 'ai-fundamentals'] });

    fireEvent.click(screen.getByRole('button', { name: 'Archive AI Fundamentals' }));
    fireEvent.click(within(screen.getByRole('alertdialog', { name: ARCHIVE_COURSE_CONFIRMATION })).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Archived')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Archive AI Fundamentals' })).toBeNull();

    // An archive by mistake is undone with Restore.
    services.on('POST /api/catalog/admin/courses/ai-fundamentals/restore', () => jsonResponse(200, courseRow('ai-fundamentals', 'AI Fundamentals')));
    fireEvent.click(screen.getByRole('button', { name: 'Restore AI Fundamentals' }));
    expect(await screen.findByRole('button', { name: 'Archive AI Fundamentals' })).toBeTruthy();
    expect(screen.getAllByText('Listed')).toHaveLength(2);
    expect(services.callsTo('POST /api/catalog/admin/courses/ai-fundamentals/restore')).toHaveLength(1);
  });
});
