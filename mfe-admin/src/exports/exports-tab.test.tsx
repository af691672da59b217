/** @jest-environment @agentdock/session/jsdom-environment */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { errorResponse } from '@agentdock/session/testing';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { adminServices, renderConsole } from '../testing';

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

function captureDownloads() {
  const saved: Array<{ name: string; blob: Blob }> = [];
  let last: Blob | undefined;
  Object.assign(URL, { createObjectURL: (blob: Blob) => ((last = blob), 'blob:file'), revokeObjectURL: () => undefined });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: last! });
  });
  return saved;
}

describe('exports tab', () => {
  it('downloads an export of the chosen range from the service that owns it, under the name the server gives', async () => {
    const services = adminServices();
    services.on(
      'GET /api/billing/admin/exports/payments',
      () =>
        new Response('Payment ID\r\nin_1\r\n', {
          status: 200,
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="payments-2026-11-01-to-2026-11-28.csv"' },
        }),
    );
    const saved = captureDownloads();
    renderConsole('/admin?tab=exports', services);
    fireEvent.change(await screen.findByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-28' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download Payments CSV' }));
    expect(await screen.findByText('Downloaded payments-2026-11-01-to-2026-11-28.csv.')).toBeTruthy();
    expect(saved.map((file) => file.name)).toEqual(['payments-2026-11-01-to-2026-11-28.csv']);
    const [call] = services.callsTo('GET /api/billing/admin/exports/payments');
    expect(Object.fromEntries(new URL(call!.path, 'http://x').searchParams)).toEqual({ from: '2026-11-01', to: '2026-11-28' });
  });

  it('says what is wrong with the range before asking, and reports a failed export in the banner', async () => {
    const services = adminServices();
    services.on('GET /api/chat/admin/exports/ledger', errorResponse(503, 'unavailable', 'Chat is down'));
    captureDownloads();
    renderConsole('/admin?tab=exports', services);
    fireEvent.change(await screen.findByLabelText('From'), { target: { value: '2026-11-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download Credit ledger CSV' }));
    expect(await screen.findByText('The end of the range must not be before its start.')).toBeTruthy();
    expect(services.callsTo('GET /api/chat/admin/exports/ledger')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download Credit ledger CSV' }));
    expect((await screen.findByRole('alert')).textContent).toContain(ADMIN_ERRORS.exportCsv);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download Credit ledger CSV' }).hasAttribute('disabled')).toBe(false));
  });
});
