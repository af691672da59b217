/** @jest-environment @agentdock/session/jsdom-environment */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { agentInput, agentPatch } from '@agentdock/contracts';
import { errorResponse, jsonResponse } from '@agentdock/session/testing';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { adminServices, agentFixture, bannerText, messageBeside, renderConsole, validationRefusal } from '../testing';
import { DELETE_AGENT_CONFIRMATION } from './agents-tab';

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

const card = async (name: string) => (await screen.findByRole('heading', { level: 3, name })).closest('li') as HTMLElement;

describe('AI agents tab', () => {
  it('shows name, description and tier badge of each agent', async () => {
    renderConsole('/admin?tab=agents');
    const agent = await card('Meeting Prep');
    expect(within(agent).getByText('Prepares you for any meeting.')).toBeTruthy();
    expect(within(agent).getByText('Starter').className).toContain('ad-tier-badge--starter');
  });

  it('says when there are no agents, and offers a retry when they cannot be loaded', async () => {
    const services = adminServices();
    services.on('GET /api/catalog/admin/agents', errorResponse(500, 'internal', 'Boom'));
    renderConsole('/admin?tab=agents', services);
    expect((await screen.findByRole('alert')).textContent).toContain(ADMIN_ERRORS.loadFailed);
    services.on('GET /api/catalog/admin/agents', jsonResponse(200, { agents: [] }));
    fireEvent.click(await screen.findByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No agents yet. Add the first one.')).toBeTruthy();
  });

  it('creates an agent with the free tier by default and its provider agent id', async () => {
    const services = adminServices();
    services.on('POST /api/catalog/admin/agents', (call) => jsonResponse(201, agentFixture({ ...(call.body as object), id: '3c9f5d2a-0000-4c2e-9a31-0d6f1b2c3d02' })));
    renderConsole('/admin?tab=agents', services);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Agent' }));
    expect(screen.getByRole('heading', { name: 'Create New Agent' })).toBeTruthy();
    expect((screen.getByLabelText('Tier') as HTMLSelectElement).value).toBe('free');
    fireEvent.change(screen.getByLabelText('Key'), { target: { value: 'pitch-coach' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Pitch Coach' } });
    fireEvent.change(screen.getByLabelText('Provider agent ID'), { target: { value: ' agent-42 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const created = await card('Pitch Coach');
    expect(within(created).getByText('Free').className).toContain('ad-tier-badge--free');
    expect(services.callsTo('POST /api/catalog/admin/agents')[0]!.body).toEqual({
      key: 'pitch-coach',
      name: 'Pitch Coach',
      description: '',
      features: [],
      useCase: '',
      tier: 'free',
      providerAgentId: 'agent-42',
      isActive: true,
    });
  });

  it("edits an agent: the server's sentence beside the field, the banner saying only 'Failed to save agent'", async () => {
    const services = adminServices();
    const id = agentFixture().id;
    services.on(`PATCH /api/catalog/admin/agents/${id}`, (call) => validationRefusal(agentPatch, call.body));
    renderConsole('/admin?tab=agents', services);
    fireEvent.click(within(await card('Meeting Prep')).getByRole('button', { name: 'Edit Meeting Prep' }));
    expect(screen.getByRole('heading', { name: 'Edit Agent' })).toBeTruthy();
    expect((screen.getByLabelText('Provider agent ID') as HTMLInputElement).value).toBe('provider-1');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageBeside('Name')).toBe('This field is required.'));
    expect(screen.getByLabelText('Name')).toBe(document.activeElement);
    expect(await bannerText()).toBe(ADMIN_ERRORS.saveAgent);
    expect(ADMIN_ERRORS.saveAgent).toBe('Failed to save agent');
    expect(screen.queryByText(/Too small|Invalid input|expected/)).toBeNull();
    expect(services.callsTo(`PATCH /api/catalog/admin/agents/${id}`)[0]!.body).not.toHaveProperty('key');
  });

  it('says in product language beside each field what a blank new agent lacks', async () => {
    const services = adminServices();
    services.on('POST /api/catalog/admin/agents', (call) => validationRefusal(agentInput, call.body));
    renderConsole('/admin?tab=agents', services);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Agent' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageBeside('Key')).toBe('This field is required.'));
    expect(messageBeside('Name')).toBe('This field is required.');
    expect(screen.getByLabelText('Key')).toBe(document.activeElement);
    expect(await bannerText()).toBe('Failed to save agent');
  });

  it('deletes after the confirmation; a failure keeps the agent and says so', async () => {
    const services = adminServices();
    const id = agentFixture().id;
    services.on(`DELETE /api/catalog/admin/agents/${id}`, errorResponse(500, 'internal', 'Boom'));
    renderConsole('/admin?tab=agents', services);
    fireEvent.click(within(await card('Meeting Prep')).getByRole('button', { name: 'Delete Meeting Prep' }));
    fireEvent.click(within(screen.getByRole('alertdialog', { name: DELETE_AGENT_CONFIRMATION })).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toContain(ADMIN_ERRORS.deleteAgent);

    services.on(`DELETE /api/catalog/admin/agents/${id}`, jsonResponse(204));
    fireEvent.click(within(await card('Meeting Prep')).getByRole('button', { name: 'Delete Meeting Prep' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: 'Meeting Prep' })).toBeNull());
  });
});
