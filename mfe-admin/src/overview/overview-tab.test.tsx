/** @jest-environment @agentdock/session/jsdom-environment */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorResponse, jsonResponse } from '@agentdock/session/testing';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { adminServices, courseRow, renderConsole, statsDays, userRow } from '../testing';
import { charts, installResizeObserver } from '../testing-chart';

jest.mock('uplot', () => jest.requireActual('../testing-chart'));

beforeEach(() => {
  charts.length = 0;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.useFakeTimers({
    now: new Date('2026-11-25T15:00:00Z'),
    doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'nextTick', 'setImmediate'],
  });
  installResizeObserver();
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

/** The fixtures, with `count` lessons completed on the fake today (2026-11-25). */
function withCompletionsToday(count: number) {
  const services = adminServices();
  services.on('GET /api/catalog/admin/stats', (call) =>
    jsonResponse(200, {
      courses: [],
      lessonCompletions: count,
      days: statsDays(call.path, (date) => ({ date, newMembers: 0, lessonCompletions: date === '2026-11-25' ? count : 0 })),
    }),
  );
  return services;
}

/** The fixtures, with `requests` API requests costing `credits` on the fake today. */
function withApiToday(services: ReturnType<typeof adminServices>, requests: number, credits: number) {
  services.on('GET /api/chat/admin/stats', (call) =>
    jsonResponse(200, {
      messages: 0,
      credits: 0,
      apiRequests: requests,
      apiCredits: credits,
      activeCustomers: 0,
      days: statsDays(call.path, (date) => ({ date, messages: 0, credits: 0, apiRequests: date === '2026-11-25' ? requests : 0, apiCredits: date === '2026-11-25' ? credits : 0 })),
      byAgent: [],
      topCustomers: [],
    }),
  );
  return services;
}

describe('overview tab', () => {
  it('shows each service’s figures for the last 30 days, each with its definition', async () => {
    const { services } = renderConsole('/admin?tab=overview');
    // MRR is plans and courses together, as revenue counts both; each has its own line.
    expect((await screen.findByTestId('figure-mrr')).textContent).toBe('$355');
    // Teams: their part of MRR (price × seats), the seats paid and the people in teams.
    expect(screen.getByTestId('figure-team-mrr').textContent).toBe('$100');
    expect(screen.getByTestId('figure-team-seats').textContent).toBe('5 (1 team)');
    expect(screen.getByTestId('figure-team-members').textContent).toBe('7 in 2 teams');
    expect(screen.getByTestId('figure-plan-mrr').textContent).toBe('$335');
    expect(screen.getByTestId('figure-course-mrr').textContent).toBe('$20 (1)');
    expect(screen.getByTestId('figure-arr').textContent).toBe('$4,260');
    const courseInfo = screen.getByRole('button', { name: 'What is Course MRR?' });
    expect(document.getElementById(courseInfo.getAttribute('aria-describedby')!)!.textContent).toContain('paid courses and the community membership');
    const reasons = within(screen.getByRole('region', { name: 'Cancellation reasons' }));
    expect(reasons.getAllByRole('row').map((row) => row.textContent)).toEqual(['ReasonRequests', 'It’s too expensive2', 'No reason given1']);
    expect(screen.getByTestId('figure-past-due').textContent).toBe('$50 (1)');
    expect(screen.getByTestId('figure-revenue').textContent).toBe('€9 · $1,233.39');
    expect(screen.getByTestId('figure-arpu').textContent).toBe('$83.75');
    expect(screen.getByTestId('figure-signups').textContent).toBe('12');
    expect(screen.getByTestId('figure-conversions').textContent).toBe('2');
    expect(screen.getByTestId('figure-messages').textContent).toBe('321');
    expect(screen.getByTestId('figure-credits').textContent).toBe('4,567');
    expect(screen.getByTestId('figure-api-requests').textContent).toBe('45');
    expect(screen.getByTestId('figure-api-credits').textContent).toBe('1,230');
    const apiInfo = screen.getByRole('button', { name: 'What is API requests?' });
    expect(document.getElementById(apiInfo.getAttribute('aria-describedby')!)!.textContent).toContain('public API (/v1');
    const apiCreditsInfo = screen.getByRole('button', { name: 'What is API credits?' });
    expect(document.getElementById(apiCreditsInfo.getAttribute('aria-describedby')!)!.textContent).toContain('Credits charged for those API requests');
    expect(screen.getByTestId('figure-lesson-completions').textContent).toBe('1,234');
    const completionsInfo = screen.getByRole('button', { name: 'What is Lesson completions?' });
    expect(document.getElementById(completionsInfo.getAttribute('aria-describedby')!)!.textContent).toContain('un-marked no longer counts');
    const info = screen.getByRole('button', { name: 'What is MRR?' });
    expect(document.getElementById(info.getAttribute('aria-describedby')!)!.textContent).toContain('annual plans counted as a twelfth');
    expect(document.getElementById(info.getAttribute('aria-describedby')!)!.textContent).toContain('plans and courses');
    expect(screen.getByTestId('overview-range').textContent).toBe('2026-10-27 – 2026-11-25 (UTC)');
    for (const service of ['billing', 'identity', 'chat', 'catalog']) {
      expect(services.callsTo(`GET /api/${service === 'chat' ? 'chat/admin' : `${service}/admin`}/stats`)[0]!.path).toContain('from=2026-10-27&to=2026-11-25');
    }
    // The heaviest customer is named from identity, by id.
    expect(await screen.findByText(`${userRow(1).fullName} <${userRow(1).email}>`)).toBeTruthy();
    expect(screen.getByText('Meeting Prep')).toBeTruthy();
  });

  it('names plans and courses as customers know them, never by slug, and cuts a long customer with the whole on hover and focus', async () => {
    const services = adminServices();
    services.on('GET /api/catalog/admin/courses', jsonResponse(200, { courses: [courseRow('ai-fundamentals', 'AI Fundamentals')] }));
    renderConsole('/admin?tab=overview', services);
    const plans = await screen.findByRole('table', { name: 'Paying customers by plan' });
    expect(within(plans).getByRole('cell', { name: 'Pro' })).toBeTruthy();
    expect(within(plans).queryByText('professional')).toBeNull();
    const courses = screen.getByRole('table', { name: 'Course members' });
    expect(await within(courses).findByRole('cell', { name: 'AI Fundamentals' })).toBeTruthy();
    expect(within(courses).queryByText('ai-fundamentals')).toBeNull();
    const customers = screen.getByRole('table', { name: 'Top customers by credits' });
    const label = await within(customers).findByTitle(/user1@example\.com/);
    expect(label.className).toContain('adm-truncate');
    expect(label.getAttribute('tabindex')).toBe('0');
    expect(within(customers).getByRole('cell', { name: '900' }).className).toContain('adm-number');
  });

  it('draws the chosen figure per day and lays the same days out as a table', async () => {
    const services = withApiToday(withCompletionsToday(3), 6, 180);
    renderConsole('/admin?tab=overview', services);
    await waitFor(() => expect(charts.length).toBeGreaterThan(0));
    fireEvent.click(screen.getByLabelText('7 days'));
    await waitFor(() => expect(charts.at(-1)!.data[0]).toHaveLength(7));
    const last = charts.at(-1)!;
    expect(last.label).toBe('Revenue (EUR)');
    expect(last.data[0]!.at(-1)).toBe(Date.parse('2026-11-25T00:00:00Z') / 1000);
    const table = screen.getByTestId('overview-days');
    expect(within(table).getAllByRole('row')).toHaveLength(8);
    expect(within(table).getByRole('rowheader', { name: '2026-11-25' })).toBeTruthy();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    const today = within(table).getByRole('rowheader', { name: '2026-11-25' }).closest('tr')!;
    expect(headers.at(-1)).toBe('Lesson completions');
    expect(today.lastElementChild!.textContent).toBe('3');
    // Web and API usage side by side.
    const column = (name: string) => today.children[headers.indexOf(name)]!.textContent;
    expect(headers).toEqual(expect.arrayContaining(['Web messages', 'Web credits', 'API requests', 'API credits']));
    expect([column('Web messages'), column('Web credits'), column('API requests'), column('API credits')]).toEqual(['0', '0', '6', '180']);

    fireEvent.change(screen.getByLabelText('Chart'), { target: { value: 'messages' } });
    await waitFor(() => expect(charts.at(-1)!.label).toBe('Web messages'));
    fireEvent.change(screen.getByLabelText('Chart'), { target: { value: 'apiRequests' } });
    await waitFor(() => expect(charts.at(-1)!.label).toBe('API requests'));
    expect(charts.at(-1)!.data[1]!.at(-1)).toBe(6);
    fireEvent.change(screen.getByLabelText('Chart'), { target: { value: 'apiCredits' } });
    await waitFor(() => expect(charts.at(-1)!.label).toBe('API credits'));
    expect(charts.at(-1)!.data[1]!.at(-1)).toBe(180);
    fireEvent.change(screen.getByLabelText('Chart'), { target: { value: 'lessonCompletions' } });
    await waitFor(() => expect(charts.at(-1)!.label).toBe('Lesson completions'));
    expect(charts.at(-1)!.data[1]!.at(-1)).toBe(3);
  });

  it('takes a custom range, and says beside the field what is wrong with one', async () => {
    const { services } = renderConsole('/admin?tab=overview');
    await screen.findByTestId('figure-mrr');
    fireEvent.click(screen.getByLabelText('Custom'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('The end of the range must not be before its start.')).toBeTruthy();
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-22' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(services.callsTo('GET /api/billing/admin/stats').at(-1)!.path).toContain('from=2026-11-20&to=2026-11-22'));
    expect(screen.queryByText('The end of the range must not be before its start.')).toBeNull();
  });

  it('exports the per-day figures as a CSV file', async () => {
    renderConsole('/admin?tab=overview', withApiToday(withCompletionsToday(7), 2, 25));
    await screen.findByTestId('figure-mrr');
    let saved: Blob | undefined;
    URL.createObjectURL = jest.fn((blob: Blob) => {
      saved = blob;
      return 'blob:overview';
    });
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('agentdock-overview-2026-10-27-to-2026-11-25.csv');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(click).toHaveBeenCalled();
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(saved!);
    });
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe(
      'date,revenue_eur,revenue_usd,sign_ups,confirmed_sign_ups,conversions,cancellations,web_messages,web_credits_spent,api_requests,api_credits_spent,new_course_members,lesson_completions',
    );
    expect(lines).toHaveLength(31);
    expect(lines[30]).toBe('2026-11-25,0,0,0,0,0,0,0,0,2,25,0,7');
  });

  it('reports a service that cannot answer and offers to try again', async () => {
    const services = adminServices();
    services.on('GET /api/chat/admin/stats', errorResponse(500, 'internal', 'Boom'));
    renderConsole('/admin?tab=overview', services);
    expect((await screen.findByRole('alert')).textContent).toContain(ADMIN_ERRORS.loadFailed);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
