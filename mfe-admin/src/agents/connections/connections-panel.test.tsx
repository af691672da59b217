/** @jest-environment @agentdock/session/jsdom-environment */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ModelConnection } from '@agentdock/contracts';
import { jsonResponse } from '@agentdock/session/testing';
import { adminServices, messageBeside, renderConsole } from '../../testing';

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

const connection = (over: Partial<ModelConnection> = {}): ModelConnection => ({
  id: '6a1b2c3d-0000-4c2e-9a31-0d6f1b2c3d01',
  name: 'Demo provider (built in)',
  baseUrl: 'http://127.0.0.1:4010/v1',
  keyLastFour: null,
  defaultModel: 'agentdock-demo',
  isDefault: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...over,
});

async function openConnections(services = adminServices()) {
  renderConsole('/admin?tab=agents', services);
  fireEvent.click(await screen.findByRole('radio', { name: 'Connections' }));
  await screen.findByRole('heading', { name: 'Connections' });
  return services;
}

describe('model connections', () => {
  it('adds a connection with a password field for the key, and shows only its last four characters after', async () => {
    const services = adminServices();
    services.on('GET /api/chat/admin/connections', jsonResponse(200, { connections: [connection()] }));
    services.on(
      'POST /api/chat/admin/connections',
      jsonResponse(201, connection({ id: '6a1b2c3d-0000-4c2e-9a31-0d6f1b2c3d02', name: 'OpenAI', baseUrl: 'https://api.openai.com/v1', keyLastFour: 'WXYZ', isDefault: false })),
    );
    await openConnections(services);
    expect(await screen.findByRole('heading', { level: 3, name: 'Demo provider (built in)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Connection' }));
    expect(screen.getByLabelText('API key').getAttribute('type')).toBe('password');
    fireEvent.change(screen.getByLabelText('Base URL'), { target: { value: 'not a url' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Connection' }));
    await waitFor(() => expect(messageBeside('Base URL')).toBe('Enter the base URL, e.g. https://api.openai.com/v1'));
    expect(messageBeside('Name')).toBe('Give the connection a name');
    expect(services.callsTo('POST /api/chat/admin/connections')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'OpenAI' } });
    fireEvent.change(screen.getByLabelText('Base URL'), { target: { value: 'https://api.openai.com/v1' } });
    fireEvent.change(screen.getByLabelText('API key'), { target: { value: 'sk-secret-WXYZ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Connection' }));
    const card = (await screen.findByRole('heading', { level: 3, name: 'OpenAI' })).closest('li') as HTMLElement;
    expect(within(card).getByText('•••• WXYZ')).toBeTruthy();
    expect(document.body.textContent).not.toContain('sk-secret');
    expect(services.callsTo('POST /api/chat/admin/connections')[0]!.body).toEqual({
      name: 'OpenAI',
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-secret-WXYZ',
      defaultModel: null,
    });
  });

  it("tests a connection and shows the provider's own error, and lists its models", async () => {
    const services = adminServices();
    const demo = connection();
    services.on('GET /api/chat/admin/connections', jsonResponse(200, { connections: [demo] }));
    services.on(
      `POST /api/chat/admin/connections/${demo.id}/test`,
      jsonResponse(200, { ok: false, modelCount: null, error: 'the agent provider answered 401: Incorrect API key provided' }),
    );
    services.on(`GET /api/chat/admin/connections/${demo.id}/models`, jsonResponse(200, { models: [{ id: 'agentdock-demo', ownedBy: 'agentdock' }] }));
    await openConnections(services);
    fireEvent.click(await screen.findByRole('button', { name: 'Test connection Demo provider (built in)' }));
    expect((await screen.findByText(/Connection failed/)).textContent).toBe('Connection failed: the agent provider answered 401: Incorrect API key provided');
    services.on(`POST /api/chat/admin/connections/${demo.id}/test`, jsonResponse(200, { ok: true, modelCount: 1, error: null }));
    fireEvent.click(screen.getByRole('button', { name: 'Test connection Demo provider (built in)' }));
    expect(await screen.findByText('Connected: 1 model available.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show the models of Demo provider (built in)' }));
    expect(within(await screen.findByRole('list', { name: 'Models of Demo provider (built in)' })).getByText('agentdock-demo')).toBeTruthy();
    // The default connection offers no Delete.
    expect(screen.queryByRole('button', { name: 'Delete Demo provider (built in)' })).toBeNull();
  });
});
