/** @jest-environment @agentdock/session/jsdom-environment */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorResponse, jsonResponse } from '@agentdock/session/testing';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { ADMIN, adminServices, auditEntry, renderConsole, userRow } from '../testing';

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

const entries = () => within(screen.getByRole('list', { name: 'Admin actions, newest first' })).getAllByRole('listitem');

describe('audit tab', () => {
  it("merges every service's actions newest first, with who, what, when and before/after", async () => {
    const services = adminServices();
    services.on('GET /api/identity/admin/audit', jsonResponse(200, { entries: [auditEntry()], nextCursor: null }));
    services.on(
      'GET /api/catalog/admin/audit',
      jsonResponse(200, {
        entries: [
          auditEntry({
            id: '5e1b7f4c-0000-4c2e-9a31-0d6f1b2c3d02',
            service: 'svc-catalog',
            action: 'plan.update',
            subjectUserId: null,
            target: 'plan:starter',
            createdAt: '2026-11-21T10:00:00.000Z',
          }),
        ],
        nextCursor: null,
      }),
    );
    services.on(
      'GET /api/chat/admin/audit',
      jsonResponse(200, {
        entries: [auditEntry({ id: '5e1b7f4c-0000-4c2e-9a31-0d6f1b2c3d03', service: 'svc-chat', action: 'chat.wallet.adjust', createdAt: '2026-11-19T10:00:00.000Z' })],
        nextCursor: null,
      }),
    );
    renderConsole('/admin?tab=audit', services);
    await screen.findByRole('list', { name: 'Admin actions, newest first' });
    expect(entries().map((entry) => entry.querySelector('strong')?.textContent)).toEqual(['Edited plan', 'Suspended user', 'Adjusted credits']);
    const suspend = entries()[1]!;
    expect(suspend.textContent).toContain(`By ${ADMIN.email}`);
    expect(suspend.textContent).toContain(`user:${userRow(1).id}`);
    expect(within(suspend).getByText('svc-identity')).toBeTruthy();
    expect(await within(suspend).findByText('User 1 <user1@example.com>')).toBeTruthy();
    const lookup = services.callsTo('GET /api/identity/admin/users').find((call) => call.path.includes('ids='));
    expect(new URL(lookup!.path, 'http://x').searchParams.get('ids')).toBe(userRow(1).id);
    expect(within(suspend).getByText('Before and after')).toBeTruthy();
    expect(suspend.querySelectorAll('pre')[1]!.textContent).toContain('"isSuspended": true');
  });

  it('filters on the server by admin email, user id and action', async () => {
    const services = adminServices();
    services.on('GET /api/identity/admin/users', jsonResponse(200, { users: [ADMIN], total: 1 }));
    renderConsole('/admin?tab=audit', services);
    expect(await screen.findByText('No admin actions match.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Admin (email or ID)'), { target: { value: 'ops@example.com' } });
    fireEvent.change(screen.getByLabelText('User (email or ID)'), { target: { value: userRow(1).id } });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'user.suspend' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(services.callsTo('GET /api/billing/admin/audit')).toHaveLength(2));
    for (const service of ['identity', 'catalog', 'chat', 'billing']) {
      const query = new URL(services.callsTo(`GET /api/${service}/admin/audit`)[1]!.path, 'http://x').searchParams;
      expect(Object.fromEntries(query)).toEqual({ limit: '50', admin: ADMIN.id, user: userRow(1).id, action: 'user.suspend' });
    }
  });

  it('pages older actions per service, and shows what loaded when one service fails', async () => {
    const services = adminServices();
    services.on('GET /api/identity/admin/audit', (call) =>
      jsonResponse(
        200,
        call.path.includes('cursor=7')
          ? { entries: [auditEntry({ id: '5e1b7f4c-0000-4c2e-9a31-0d6f1b2c3d09', action: 'user.reactivate', createdAt: '2026-11-01T10:00:00.000Z' })], nextCursor: null }
          : { entries: [auditEntry()], nextCursor: '7' },
      ),
    );
    services.on('GET /api/billing/admin/audit', errorResponse(503, 'unavailable', 'Billing is down'));
    renderConsole('/admin?tab=audit', services);
    expect((await screen.findByRole('alert')).textContent).toContain(ADMIN_ERRORS.loadFailed);
    expect(screen.getByText('Entries of billing could not be loaded.')).toBeTruthy();
    expect(entries()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Load Older Actions' }));
    await waitFor(() => expect(entries()).toHaveLength(2));
    expect(entries()[1]!.querySelector('strong')?.textContent).toBe('Reactivated user');
    expect(services.callsTo('GET /api/catalog/admin/audit')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Load Older Actions' })).toBeNull();
  });
});
