/** @jest-environment @agentdock/session/jsdom-environment */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ModelConnection } from '@agentdock/contracts';
import { errorResponse, jsonResponse } from '@agentdock/session/testing';
import { adminServices, bannerText, messageBeside, renderConsole } from '../../testing';

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

  describe('editing a connection', () => {
    const OPENAI = connection({
      id: '6a1b2c3d-0000-4c2e-9a31-0d6f1b2c3d02',
      name: 'OpenAI',
      baseUrl: 'https://api.openai.com/v1',
      keyLastFour: 'WXYZ',
      defaultModel: 'gpt-4o-mini',
      isDefault: false,
    });
    const PATCH = `PATCH /api/chat/admin/connections/${OPENAI.id}`;
    const cardOf = async (name: string) => (await screen.findByRole('heading', { level: 3, name })).closest('li') as HTMLElement;

    async function openEdit(services = adminServices()) {
      services.on('GET /api/chat/admin/connections', jsonResponse(200, { connections: [connection(), OPENAI] }));
      await openConnections(services);
      fireEvent.click(await screen.findByRole('button', { name: 'Edit OpenAI' }));
      await screen.findByRole('form', { name: 'Edit OpenAI' });
      return services;
    }

    it('renames it and replaces its key: the form starts from the saved fields, never the key, and sends only what changed', async () => {
      const services = adminServices();
      services.on(PATCH, (call) => jsonResponse(200, { ...OPENAI, ...(call.body as object), apiKey: undefined, keyLastFour: 'ABCD' }));
      await openEdit(services);
      const name = screen.getByLabelText('Name') as HTMLInputElement;
      // Opened from the keyboard's point of view: the first field has the focus.
      await waitFor(() => expect(document.activeElement).toBe(name));
      expect(name.value).toBe('OpenAI');
      expect((screen.getByLabelText('Base URL') as HTMLInputElement).value).toBe('https://api.openai.com/v1');
      expect((screen.getByLabelText('Default model') as HTMLInputElement).value).toBe('gpt-4o-mini');
      const key = screen.getByLabelText('Replace API key') as HTMLInputElement;
      expect(key.type).toBe('password');
      expect(key.value).toBe('');
      expect(screen.getByText('Stored key: •••• WXYZ (never shown in full).')).toBeTruthy();

      fireEvent.change(name, { target: { value: '  ' } });
      fireEvent.change(screen.getByLabelText('Base URL'), { target: { value: 'api.openai.com' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
      await waitFor(() => expect(messageBeside('Name')).toBe('Give the connection a name'));
      expect(messageBeside('Base URL')).toBe('Enter the base URL, e.g. https://api.openai.com/v1');
      expect(services.callsTo(PATCH)).toHaveLength(0);

      fireEvent.change(name, { target: { value: 'OpenAI EU' } });
      fireEvent.change(screen.getByLabelText('Base URL'), { target: { value: 'https://api.openai.com/v1' } });
      fireEvent.change(key, { target: { value: 'sk-new-ABCD' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
      const card = await cardOf('OpenAI EU');
      expect(services.callsTo(PATCH).map((call) => call.body)).toEqual([{ name: 'OpenAI EU', apiKey: 'sk-new-ABCD' }]);
      expect(within(card).getByText('•••• ABCD')).toBeTruthy();
      expect(document.body.textContent).not.toContain('sk-new');
      expect(screen.queryByRole('form', { name: /^Edit/ })).toBeNull();
      // Closed, the focus goes back to the button that opened it.
      await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit OpenAI EU' })));
    });

    it("removes the stored key, shows the server's refusal beside its field, and Escape cancels without saving", async () => {
      const services = adminServices();
      services.on(PATCH, (call) =>
        'apiKey' in (call.body as object) && (call.body as { apiKey: unknown }).apiKey !== null
          ? errorResponse(400, 'validation_failed', 'Invalid request', [{ path: 'apiKey', message: 'Keys cannot be stored until CONNECTIONS_ENCRYPTION_KEY is set' }])
          : jsonResponse(200, { ...OPENAI, keyLastFour: null }),
      );
      await openEdit(services);
      fireEvent.change(screen.getByLabelText('Replace API key'), { target: { value: 'sk-other-9999' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
      await waitFor(() => expect(messageBeside('Replace API key')).toBe('Keys cannot be stored until CONNECTIONS_ENCRYPTION_KEY is set'));

      fireEvent.keyDown(screen.getByLabelText('Name'), { key: 'Escape' });
      expect(screen.queryByRole('form', { name: 'Edit OpenAI' })).toBeNull();
      const calls = services.callsTo(PATCH).length;

      fireEvent.click(screen.getByRole('button', { name: 'Edit OpenAI' }));
      fireEvent.click(await screen.findByRole('checkbox', { name: 'Remove the stored key' }));
      expect((screen.getByLabelText('Replace API key') as HTMLInputElement).disabled).toBe(true);
      fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
      await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit OpenAI' })).toBeNull());
      const card = await cardOf('OpenAI');
      expect(within(card).queryByText('•••• WXYZ')).toBeNull();
      expect(within(card).getByText('None')).toBeTruthy();
      expect(
        services
          .callsTo(PATCH)
          .slice(calls)
          .map((call) => call.body),
      ).toEqual([{ apiKey: null }]);
    });

    it('saves nothing when nothing changed, and reports a failed save in the banner', async () => {
      const services = adminServices();
      services.on(PATCH, errorResponse(502, 'upstream_error', 'Chat is not answering'));
      await openEdit(services);
      fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
      await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit OpenAI' })).toBeNull());
      expect(services.callsTo(PATCH)).toHaveLength(0);

      fireEvent.click(screen.getByRole('button', { name: 'Edit OpenAI' }));
      fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'OpenAI EU' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
      expect(await bannerText()).toContain('Failed to save the connection');
      expect(screen.getByRole('form', { name: 'Edit OpenAI' })).toBeTruthy();
    });
  });
});
