/** @jest-environment @agentdock/session/jsdom-environment */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorResponse, jsonResponse } from '@agentdock/session/testing';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { ADMIN, adminServices, auditEntry, renderConsole, userRow } from '../testing';

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

const entries = () => within(screen.getByRole('list', { name: 'Admin actions, newest first' })).getAllByRole('listitem');

describe('audit tab', () => {
  it("merges every service's actions newest first as sentences, with a field diff and no service names", async () => {
    const services = adminServices();
    services.on('GET /api/identity/admin/audit', jsonResponse(200, { entries: [auditEntry()], nextCursor: null }));
    const plan = { name: 'Starter', currency: 'usd', monthly: { amountMinor: 5000, priceId: 'price_a' }, features: ['Email support'] };
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
            before: plan,
            after: { ...plan, monthly: { amountMinor: 4500, priceId: 'price_b' } },
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
    services.on('GET /api/identity/admin/users', jsonResponse(200, { users: [{ ...ADMIN, fullName: 'Anna Admin' }, userRow(1)], total: 2 }));
    renderConsole('/admin?tab=audit', services);
    await screen.findByRole('list', { name: 'Admin actions, newest first' });
    await waitFor(() => expect(entries()[0]!.textContent).toContain("Anna Admin changed Starter's monthly price from $50 to $45"));
    const price = entries()[0]!;
    expect(within(price).getByText('monthly price')).toBeTruthy();
    expect(price.querySelector('del')?.textContent).toBe('$50');
    expect(price.querySelector('ins')?.textContent).toBe('$45');
    expect(entries()[1]!.textContent).toContain(`Anna Admin suspended ${userRow(1).fullName ?? userRow(1).email}`);
    expect(entries()[2]!.textContent).toContain('Credits and model connections');
    expect(screen.queryByText(/svc-/i)).toBeNull();
    expect(document.body.textContent).not.toMatch(/svc-|SVC-/);
  });

  it('filters on the server by admin email, user id and action', async () => {
    const services = adminServices();
    services.on('GET /api/identity/admin/users', jsonResponse(200, { users: [ADMIN], total: 1 }));
    renderConsole('/admin?tab=audit', services);
    expect(await screen.findByText('No admin actions match.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Admin (email or ID)'), { target: { value: 'ops@example.com' } });
    fireEvent.change(screen.getByLabelText('Customer (email or ID)'), { target: { value: userRow(1).id } });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'user.suspend' } });
    fireEvent.change(screen.getByLabelText('Target'), { target: { value: 'user' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-28' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(services.callsTo('GET /api/billing/admin/audit')).toHaveLength(2));
    for (const service of ['identity', 'catalog', 'chat', 'billing']) {
      const query = new URL(services.callsTo(`GET /api/${service}/admin/audit`)[1]!.path, 'http://x').searchParams;
      expect(Object.fromEntries(query)).toEqual({
        limit: '50',
        admin: ADMIN.id,
        user: userRow(1).id,
        action: 'user.suspend',
        target: 'user',
        from: '2026-11-01',
        to: '2026-11-28',
      });
    }
  });

  it('asks only the chosen area, and refuses a range that ends before it starts', async () => {
    const services = adminServices();
    renderConsole('/admin?tab=audit', services);
    expect(await screen.findByText('No admin actions match.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(await screen.findByText('The end of the range must not be before its start.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-12' } });
    fireEvent.change(screen.getByLabelText('Area'), { target: { value: 'catalog' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(services.callsTo('GET /api/catalog/admin/audit')).toHaveLength(2));
    expect(services.callsTo('GET /api/identity/admin/audit')).toHaveLength(1);
    expect(services.callsTo('GET /api/chat/admin/audit')).toHaveLength(1);
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
    expect(screen.getByText('Entries about billing could not be loaded.')).toBeTruthy();
    expect(entries()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Load Older Actions' }));
    await waitFor(() => expect(entries()).toHaveLength(2));
    expect(entries()[1]!.textContent).toContain('reactivated');
    expect(services.callsTo('GET /api/catalog/admin/audit')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Load Older Actions' })).toBeNull();
  });
});

describe('audit CSV export', () => {
  it('pages every matching entry of every area to the end and downloads them in words, named for the range', async () => {
    const services = adminServices();
    services.on('GET /api/identity/admin/audit', (call) =>
      jsonResponse(
        200,
        call.path.includes('cursor=7')
          ? { entries: [auditEntry({ id: '5e1b7f4c-0000-4c2e-9a31-0d6f1b2c3d09', action: 'user.reactivate', createdAt: '2026-11-01T10:00:00.000Z' })], nextCursor: null }
          : { entries: [auditEntry()], nextCursor: '7' },
      ),
    );
    services.on('GET /api/identity/admin/users', jsonResponse(200, { users: [ADMIN, userRow(1)], total: 2 }));
    const blobs: Blob[] = [];
    Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:csv'), revokeObjectURL: () => undefined });
    const names: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderConsole('/admin?tab=audit', services);
    await screen.findByRole('list', { name: 'Admin actions, newest first' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-28' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(services.callsTo('GET /api/billing/admin/audit')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(names).toEqual(['audit-2026-11-01-to-2026-11-28.csv']);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('Date,Admin,Action,Changes');
    expect(lines.slice(1).map((line) => line.split(',')[2])).toEqual(['Ops Admin suspended User 1', 'Ops Admin reactivated User 1']);
    expect(services.callsTo('GET /api/identity/admin/audit').some((call) => call.path.includes('cursor=7') && call.path.includes('from=2026-11-01'))).toBe(true);
  });
});
