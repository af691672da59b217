/** @jest-environment @agentdock/session/jsdom-environment */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type AgentBuilder, agentBehaviour, emptyBehaviour, type ModelConnection } from '@agentdock/contracts';
import { errorResponse, jsonResponse } from '@agentdock/session/testing';
import { ADMIN_ERRORS } from '../../console/admin-errors';
import { adminServices, agentFixture, bannerText, messageBeside, renderConsole } from '../../testing';

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

const AGENT = agentFixture();
const CONNECTION: ModelConnection = {
  id: '6a1b2c3d-0000-4c2e-9a31-0d6f1b2c3d01',
  name: 'OpenAI',
  baseUrl: 'https://api.openai.com/v1',
  keyLastFour: 'WXYZ',
  defaultModel: 'gpt-4o-mini',
  isDefault: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const v1 = agentBehaviour.parse({ instructions: '# Meeting Prep\nWrite agendas.', temperature: 0.4, starters: ['Plan my week'] });

function builderFixture(over: Partial<AgentBuilder> = {}): AgentBuilder {
  return {
    agentId: AGENT.id,
    draft: v1,
    draftUpdatedAt: null,
    publishedVersion: 1,
    versions: [{ version: 1, behaviour: v1, publishedAt: '2026-11-20T10:00:00.000Z', publishedBy: { id: 'system', email: null }, restoredFrom: null }],
    ...over,
  };
}

function servicesWithBuilder() {
  const services = adminServices();
  services.on(`GET /api/catalog/admin/agents/${AGENT.id}/builder`, jsonResponse(200, builderFixture()));
  services.on('GET /api/chat/admin/connections', jsonResponse(200, { connections: [CONNECTION] }));
  services.on(`GET /api/chat/admin/connections/${CONNECTION.id}/models`, jsonResponse(200, { models: [{ id: 'gpt-4o', ownedBy: 'openai' }] }));
  return services;
}

async function openBuilder(services = servicesWithBuilder()) {
  renderConsole('/admin?tab=agents', services);
  fireEvent.click(await screen.findByRole('button', { name: /^Build Meeting Prep/ }));
  await screen.findByRole('heading', { name: 'Build: Meeting Prep' });
  return services;
}

describe('agent builder', () => {
  it('shows the live draft with a Markdown preview that drops scripts, and the character count', async () => {
    await openBuilder();
    const instructions = (await screen.findByLabelText('Instructions')) as HTMLTextAreaElement;
    expect(instructions.value).toBe('# Meeting Prep\nWrite agendas.');
    expect(screen.getByText('Live: version 1')).toBeTruthy();
    expect(screen.getByText('29 / 20,000 characters')).toBeTruthy();
    // The agent's knowledge files are managed on the same page.
    expect(await screen.findByRole('heading', { name: 'Knowledge' })).toBeTruthy();
    fireEvent.change(instructions, { target: { value: '## Rules\n- Be brief <img src=x onerror="alert(1)">' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Preview' }));
    const preview = await screen.findByTestId('instructions-preview');
    expect(within(preview).getByRole('heading', { name: 'Rules' })).toBeTruthy();
    expect(preview.innerHTML).not.toContain('onerror');
    expect((screen.getByLabelText('Conversation starters (one per line, at most 4; customers see them)') as HTMLTextAreaElement).value).toBe('Plan my week');
  });

  it('saves the draft, then publishes it; a fifth starter is refused beside its field before any call', async () => {
    const services = await openBuilder();
    const published = builderFixture({
      publishedVersion: 2,
      draft: { ...v1, instructions: 'Answer in one line.' },
      versions: [
        {
          version: 2,
          behaviour: { ...v1, instructions: 'Answer in one line.' },
          publishedAt: '2026-11-21T10:00:00.000Z',
          publishedBy: { id: 'a', email: 'ops@example.com' },
          restoredFrom: null,
        },
        ...builderFixture().versions,
      ],
    });
    services.on(`PUT /api/catalog/admin/agents/${AGENT.id}/draft`, (call) => jsonResponse(200, builderFixture({ draft: call.body as AgentBuilder['draft'] })));
    services.on(`POST /api/catalog/admin/agents/${AGENT.id}/publish`, jsonResponse(200, published));
    const starters = await screen.findByLabelText('Conversation starters (one per line, at most 4; customers see them)');
    fireEvent.change(starters, { target: { value: 'a\nb\nc\nd\ne' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(messageBeside('Conversation starters (one per line, at most 4; customers see them)')).toBe('At most 4 starters'));
    expect(services.callsTo(`PUT /api/catalog/admin/agents/${AGENT.id}/draft`)).toHaveLength(0);

    fireEvent.change(starters, { target: { value: 'Plan my week' } });
    fireEvent.change(screen.getByLabelText('Instructions'), { target: { value: 'Answer in one line.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('Draft saved. Customers still get the live version.')).toBeTruthy();
    expect(services.callsTo(`PUT /api/catalog/admin/agents/${AGENT.id}/draft`)[0]!.body).toEqual({ ...v1, instructions: 'Answer in one line.' });

    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Live: version 2')).toBeTruthy();
    expect(screen.getByText('Published: new replies use this version from now on.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Restore version 1' })).toBeTruthy();
  });

  it('restores an earlier version after the confirmation; a failure says so in the banner', async () => {
    const services = servicesWithBuilder();
    const v2 = { ...v1, instructions: 'Version two' };
    services.on(
      `GET /api/catalog/admin/agents/${AGENT.id}/builder`,
      jsonResponse(
        200,
        builderFixture({
          publishedVersion: 2,
          draft: v2,
          versions: [
            { version: 2, behaviour: v2, publishedAt: '2026-11-21T10:00:00.000Z', publishedBy: { id: 'a', email: 'ops@example.com' }, restoredFrom: null },
            ...builderFixture().versions,
          ],
        }),
      ),
    );
    services.on(`POST /api/catalog/admin/agents/${AGENT.id}/versions/1/restore`, errorResponse(500, 'internal', 'Boom'));
    await openBuilder(services);
    fireEvent.click(await screen.findByRole('button', { name: 'Restore version 1' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Restore' }));
    expect(await bannerText()).toContain(ADMIN_ERRORS.restoreVersion);
  });

  it('sends the form as it stands to the Draft test chat, marked as not charged, and shows a provider failure', async () => {
    const services = await openBuilder();
    services.on(`POST /api/chat/admin/agents/${AGENT.id}/draft-test`, jsonResponse(200, { text: 'Ahoy, here is your agenda.', imageUrl: null, model: null }));
    const chat = await screen.findByRole('region', { name: 'Draft test' });
    expect(within(chat).getByText('Not charged · not saved')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Instructions'), { target: { value: 'Talk like a pirate.' } });
    fireEvent.change(within(chat).getByLabelText('Message to the draft'), { target: { value: 'Plan Monday' } });
    fireEvent.click(within(chat).getByRole('button', { name: 'Send to draft' }));
    expect(await within(chat).findByText('Ahoy, here is your agenda.')).toBeTruthy();
    expect(services.callsTo(`POST /api/chat/admin/agents/${AGENT.id}/draft-test`)[0]!.body).toEqual({
      behaviour: { ...v1, instructions: 'Talk like a pirate.' },
      history: [],
      message: 'Plan Monday',
    });
    services.on(
      `POST /api/chat/admin/agents/${AGENT.id}/draft-test`,
      errorResponse(502, 'connection_failed', 'The draft could not be answered: the agent provider answered 401: Incorrect API key'),
    );
    fireEvent.change(within(chat).getByLabelText('Message to the draft'), { target: { value: 'Again' } });
    fireEvent.click(within(chat).getByRole('button', { name: 'Send to draft' }));
    expect(await within(chat).findByText(/Incorrect API key/)).toBeTruthy();
    expect(services.callsTo(`POST /api/chat/admin/agents/${AGENT.id}/draft-test`)[1]!.body).toMatchObject({
      history: [
        { role: 'user', content: 'Plan Monday' },
        { role: 'assistant', content: 'Ahoy, here is your agenda.' },
      ],
    });
  });

  it('an agent never published says so, and its form starts empty', async () => {
    const services = servicesWithBuilder();
    services.on(`GET /api/catalog/admin/agents/${AGENT.id}/builder`, jsonResponse(200, builderFixture({ publishedVersion: null, versions: [], draft: emptyBehaviour() })));
    await openBuilder(services);
    expect(await screen.findByText('Not published')).toBeTruthy();
    expect(screen.getByText(/Not published yet: customers get the agent's name alone/)).toBeTruthy();
    expect((screen.getByLabelText('Instructions') as HTMLTextAreaElement).value).toBe('');
  });
});
