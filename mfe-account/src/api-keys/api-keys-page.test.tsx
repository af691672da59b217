/** @jest-environment @agentdock/session/jsdom-environment */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiKeySummary, ApiKeyUsage, ChatAgent } from '@agentdock/contracts';
import { errorResponse, jsonResponse } from '@agentdock/session/testing';
import { renderAuthPage } from '../auth/testing';
import { formatCount, formatDate } from '../dashboard/format';
import { dashboardServices, held } from '../dashboard/testing';
import ApiKeysPage, { KEYS_FAILED } from './api-keys-page';
import { PLACEHOLDER_KEY } from './code-docs';
import { endOfDay, NAME_REQUIRED } from './create-key-form';
import { formatMoment, NO_KEYS } from './key-list';
import { SHOWN_ONCE } from './new-key-secret';
import { API_KEYS_PATH } from '@agentdock/contracts';

const KEYS = '/api/identity/me/api-keys';
const USAGE = '/api/chat/api-keys/usage';
const AGENTS = '/api/chat/agents';
const SECRET = 'adk_Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5d2Fs';

const keyFixture = (overrides: Partial<ApiKeySummary> = {}): ApiKeySummary => ({
  id: '5b0c6a2e-1f1e-4c7a-9d3b-000000000001',
  name: 'n8n workflows',
  lastFour: 'a1b2',
  organisationId: null,
  monthlyCreditCap: null,
  allowedAgents: null,
  expiresAt: null,
  createdAt: '2026-11-01T09:30:00.000Z',
  ...overrides,
});

const SCRIPTS = keyFixture({
  id: '5b0c6a2e-1f1e-4c7a-9d3b-000000000002',
  name: 'Nightly scripts',
  lastFour: 'z9y8',
  monthlyCreditCap: 20_000,
  allowedAgents: ['meeting-prep', 'image-generator'],
  expiresAt: '2099-12-31T22:59:59.999Z',
  createdAt: '2026-11-10T12:00:00.000Z',
});
const N8N = keyFixture();

const usageFixture = (overrides: Partial<ApiKeyUsage> = {}): ApiKeyUsage => ({
  keyId: SCRIPTS.id,
  lastUsedAt: '2026-11-22T08:15:00.000Z',
  requestsThisMonth: 1_234,
  creditsThisMonth: 15_500,
  ...overrides,
});

const agent = (key: string, name: string, index: number, producesImages = false): ChatAgent => ({
  id: `7c9e6679-7425-40de-944b-00000000000${index}`,
  key,
  name,
  description: `${name} description`,
  tier: 'free',
  producesImages,
  imageSizes: producesImages ? ['1024x1024'] : [],
  starters: [],
  maxReplyTokens: 4_096,
});
const AGENT_LIST = [agent('image-generator', 'Image Generator', 1, true), agent('startup-ideas', 'Startup Brainstormer', 2), agent('meeting-prep', 'Meeting Prep Assistant', 3)];

function services({ keys = [SCRIPTS, N8N], usage = [usageFixture()] }: { keys?: ApiKeySummary[]; usage?: ApiKeyUsage[] } = {}) {
  const fake = dashboardServices();
  fake.on(`GET ${KEYS}`, () => jsonResponse(200, { keys }));
  fake.on(`GET ${USAGE}`, () => jsonResponse(200, { keys: usage }));
  fake.on(`GET ${AGENTS}`, () => jsonResponse(200, { agents: AGENT_LIST, provider: { name: 'demo', demo: true } }));
  return fake;
}

const render = (fake = services()) => renderAuthPage(API_KEYS_PATH, { [API_KEYS_PATH]: <ApiKeysPage /> }, { identity: fake, signedIn: true });

const listRegion = () => screen.getByRole('region', { name: 'Your API keys' });
const createRegion = () => screen.getByRole('region', { name: 'Create an API key' });
const keyItem = async (name: string) => {
  const heading = await within(await screen.findByRole('region', { name: 'Your API keys' })).findByRole('heading', { level: 3, name });
  return within(heading.closest('li')!);
};
const fact = (item: ReturnType<typeof within>, term: string) => item.getByText(term, { selector: 'dt' }).nextElementSibling!.textContent;

let writeText: jest.Mock;
/** user-event puts its own clipboard on navigator: the mock goes on after it. */
function setup() {
  const user = userEvent.setup();
  writeText = jest.fn((_text: string) => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return user;
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  jest.restoreAllMocks();
  delete (navigator as { clipboard?: unknown }).clipboard;
});

describe('API keys page', () => {
  it("lists the keys with this month's use from chat merged by key id; a key chat never saw was never used", async () => {
    render();
    await screen.findByRole('heading', { level: 1, name: 'API Keys' });
    const scripts = await keyItem('Nightly scripts');
    expect(scripts.getByTestId('key-last-four').textContent).toBe('adk_…z9y8');
    expect(fact(scripts, 'Created')).toBe(formatDate(SCRIPTS.createdAt));
    expect(fact(scripts, 'Last used')).toBe(formatMoment('2026-11-22T08:15:00.000Z'));
    expect(fact(scripts, 'Requests this month')).toBe(formatCount(1_234));
    expect(fact(scripts, 'Credits this month')).toBe(`${formatCount(15_500)} of ${formatCount(20_000)} cap`);
    expect(fact(scripts, 'Expires')).toBe(formatDate(SCRIPTS.expiresAt!));
    // The agents' names once chat answered with them.
    expect(await scripts.findByText('Meeting Prep Assistant, Image Generator')).toBeTruthy();

    const n8n = await keyItem('n8n workflows');
    expect(n8n.getByTestId('key-last-four').textContent).toBe('adk_…a1b2');
    expect(fact(n8n, 'Last used')).toBe('Never');
    expect(fact(n8n, 'Requests this month')).toBe('0');
    expect(fact(n8n, 'Credits this month')).toBe('0');
    expect(fact(n8n, 'Agents')).toBe('All agents of your plan');
    expect(fact(n8n, 'Expires')).toBe('Never');

    // Newest first, as identity lists them.
    expect(
      within(listRegion())
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Nightly scripts', 'n8n workflows']);
  });

  it('shows a loading state, then the empty state; a failed list says so and tries again', async () => {
    const fake = services({ keys: [], usage: [] });
    const slow = held(jsonResponse(200, { keys: [] }));
    fake.on(`GET ${KEYS}`, slow.respond);
    render(fake);
    expect((await within(await screen.findByRole('region', { name: 'Your API keys' })).findByRole('status')).textContent).toBe('Loading your API keys…');
    slow.release();
    expect(await within(listRegion()).findByText(NO_KEYS)).toBeTruthy();
    expect(within(listRegion()).queryByRole('list')).toBeNull();
  });

  it('says when the keys cannot be loaded, and when only the usage cannot', async () => {
    const fake = services();
    fake.on(`GET ${KEYS}`, errorResponse(503, 'unavailable', 'Identity is unavailable'));
    fake.on(`GET ${USAGE}`, errorResponse(503, 'unavailable', 'Chat is unavailable'));
    render(fake);
    const alert = await within(await screen.findByRole('region', { name: 'Your API keys' })).findByRole('alert');
    expect(alert.textContent).toContain(KEYS_FAILED);
    expect(alert.textContent).toContain('Identity is unavailable');

    fake.on(`GET ${KEYS}`, () => jsonResponse(200, { keys: [N8N] }));
    await setup().click(within(alert).getByRole('button', { name: 'Try Again' }));
    const n8n = await keyItem('n8n workflows');
    // Unknown is not zero.
    expect(fact(n8n, 'Requests this month')).toBe('—');
    expect(fact(n8n, 'Last used')).toBe('—');
    expect(within(listRegion()).getByText(/use could not be loaded/)).toBeTruthy();
  });

  it('creates a key, shows its secret once with a Copy button, and lists it', async () => {
    const fake = services();
    const fresh = keyFixture({ id: '5b0c6a2e-1f1e-4c7a-9d3b-000000000003', name: 'Cursor', lastFour: SECRET.slice(-4), monthlyCreditCap: 5_000, allowedAgents: ['meeting-prep'] });
    fake.on(`POST ${KEYS}`, jsonResponse(201, { key: fresh, secret: SECRET }));
    render(fake);
    const user = setup();
    const form = within(await screen.findByRole('region', { name: 'Create an API key' }));

    // Nothing reaches the server without a name.
    await user.click(form.getByRole('button', { name: 'Create Key' }));
    expect(form.getByText(NAME_REQUIRED)).toBeTruthy();
    expect(document.activeElement).toBe(form.getByLabelText('Name'));
    expect(fake.callsTo(`POST ${KEYS}`)).toHaveLength(0);

    await user.type(form.getByLabelText('Name'), 'Cursor');
    await user.type(form.getByLabelText('Monthly credit cap (optional)'), '5000');
    expect((form.getByLabelText('All agents of my plan') as HTMLInputElement).checked).toBe(true);
    await user.click(form.getByLabelText('Only the agents I choose'));
    // Choosing none is not allowed: all agents is the other option.
    await user.click(form.getByRole('button', { name: 'Create Key' }));
    expect(await form.findByText('Choose at least one agent, or allow all')).toBeTruthy();
    await user.click(form.getByRole('checkbox', { name: /Meeting Prep Assistant/ }));
    fireEvent.change(form.getByLabelText('Expires on (optional)'), { target: { value: '2099-12-31' } });
    await user.click(form.getByRole('button', { name: 'Create Key' }));

    const secretField = (await form.findByLabelText('API key')) as HTMLInputElement;
    expect(fake.callsTo(`POST ${KEYS}`)[0]!.body).toEqual({ name: 'Cursor', monthlyCreditCap: 5000, allowedAgents: ['meeting-prep'], expiresAt: endOfDay('2099-12-31') });
    expect(secretField.value).toBe(SECRET);
    expect(secretField.readOnly).toBe(true);
    expect(form.getByText(SHOWN_ONCE)).toBeTruthy();
    expect(document.activeElement).toBe(form.getByRole('heading', { level: 3, name: 'Your new key “Cursor”' }));

    await user.click(form.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect((await form.findByRole('status')).textContent).toMatch(/^Copied/);

    // Listed at once, by its last four only.
    const listed = await keyItem('Cursor');
    expect(listed.getByTestId('key-last-four').textContent).toBe(`adk_…${SECRET.slice(-4)}`);
    expect(listRegion().textContent).not.toContain(SECRET);

    await user.click(form.getByRole('button', { name: 'Done' }));
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);
    expect(document.activeElement).toBe(within(listRegion()).getByRole('heading', { level: 2 }));
    // The form is back, empty.
    expect((within(createRegion()).getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it('asks for the current password when the server wants a recent sign-in, and sends it with the next try', async () => {
    const fake = services();
    const reauth = 'For your security, enter your current password to make this change.';
    fake.on(`POST ${KEYS}`, (call) => {
      const body = call.body as { currentPassword?: string };
      if (body.currentPassword === undefined) return errorResponse(403, 'reauthentication_required', reauth);
      if (body.currentPassword !== 'correct horse') return errorResponse(400, 'invalid_current_password', 'The current password is not right.');
      return jsonResponse(201, { key: keyFixture({ id: '5b0c6a2e-1f1e-4c7a-9d3b-000000000004', name: 'CI' }), secret: SECRET });
    });
    render(fake);
    const user = setup();
    const form = within(await screen.findByRole('region', { name: 'Create an API key' }));
    expect(form.queryByLabelText('Current password')).toBeNull();

    await user.type(form.getByLabelText('Name'), 'CI');
    await user.click(form.getByRole('button', { name: 'Create Key' }));
    expect((await form.findByRole('alert')).textContent).toBe(reauth);
    const password = form.getByLabelText('Current password');
    expect(document.activeElement).toBe(password);

    await user.type(password, 'wrong');
    await user.click(form.getByRole('button', { name: 'Create Key' }));
    // Beside its field, where the fix is.
    await form.findByText('The current password is not right.', { selector: '.ad-field__error' });
    expect(password.getAttribute('aria-invalid')).toBe('true');

    await user.clear(password);
    await user.type(password, 'correct horse');
    await user.click(form.getByRole('button', { name: 'Create Key' }));
    expect(((await form.findByLabelText('API key')) as HTMLInputElement).value).toBe(SECRET);
    expect(fake.callsTo(`POST ${KEYS}`).map((call) => call.body)).toEqual([
      { name: 'CI' },
      { name: 'CI', currentPassword: 'wrong' },
      { name: 'CI', currentPassword: 'correct horse' },
    ]);
  });

  it("shows the server's field errors beside their fields and its 409 limit message", async () => {
    const fake = services();
    fake.on(
      `POST ${KEYS}`,
      errorResponse(400, 'validation_failed', 'Check the highlighted fields.', [{ path: 'monthlyCreditCap', message: 'That cap is larger than any wallet can hold' }]),
    );
    render(fake);
    const user = setup();
    const form = within(await screen.findByRole('region', { name: 'Create an API key' }));
    await user.type(form.getByLabelText('Name'), 'Big');
    await user.type(form.getByLabelText('Monthly credit cap (optional)'), '900');
    await user.click(form.getByRole('button', { name: 'Create Key' }));
    const cap = form.getByLabelText('Monthly credit cap (optional)');
    await form.findByText('That cap is larger than any wallet can hold');
    expect(cap.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(cap.getAttribute('aria-describedby')!)!.textContent).toBe('That cap is larger than any wallet can hold');

    const limit = 'You already have 20 API keys. Revoke one to create another.';
    fake.on(`POST ${KEYS}`, errorResponse(409, 'api_key_limit_reached', limit));
    await user.clear(cap);
    await user.click(form.getByRole('button', { name: 'Create Key' }));
    expect((await form.findByRole('alert')).textContent).toBe(limit);
  });

  it('revokes a key only after a confirmation, and removes it from the list', async () => {
    // Identity as it is: a revoked key is no longer listed.
    const fake = services();
    let revoked = false;
    fake.on(`GET ${KEYS}`, () => jsonResponse(200, { keys: revoked ? [N8N] : [SCRIPTS, N8N] }));
    fake.on(`DELETE ${KEYS}/${SCRIPTS.id}`, () => {
      revoked = true;
      return jsonResponse(204);
    });
    render(fake);
    const user = setup();
    const scripts = await keyItem('Nightly scripts');

    await user.click(scripts.getByRole('button', { name: 'Revoke Nightly scripts' }));
    const confirm = scripts.getByRole('group', { name: /Revoke “Nightly scripts”\?/ });
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Revoke Key' }));
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(scripts.queryByRole('group')).toBeNull();
    expect(document.activeElement).toBe(scripts.getByRole('button', { name: 'Revoke Nightly scripts' }));
    expect(fake.callsTo(`DELETE ${KEYS}/${SCRIPTS.id}`)).toHaveLength(0);

    await user.keyboard('{Enter}');
    await user.click(scripts.getByRole('button', { name: 'Revoke Key' }));
    expect((await within(listRegion()).findByRole('status')).textContent).toBe('The key “Nightly scripts” was revoked.');
    expect(within(listRegion()).queryByRole('heading', { name: 'Nightly scripts' })).toBeNull();
    expect(within(listRegion()).getByRole('heading', { level: 3, name: 'n8n workflows' })).toBeTruthy();
    expect(fake.callsTo(`DELETE ${KEYS}/${SCRIPTS.id}`)).toHaveLength(1);
    // The keys and their use are asked again after the revoke (the list is invalidated, not only edited).
    await waitFor(() => expect(fake.callsTo(`GET ${KEYS}`)).toHaveLength(2));
    await waitFor(() => expect(fake.callsTo(`GET ${USAGE}`)).toHaveLength(2));
    expect(within(listRegion()).queryByRole('heading', { name: 'Nightly scripts' })).toBeNull();
  });

  it('says why a revoke failed and keeps the key', async () => {
    const fake = services();
    fake.on(`DELETE ${KEYS}/${N8N.id}`, errorResponse(503, 'unavailable', 'Identity is unavailable'));
    render(fake);
    const user = setup();
    const n8n = await keyItem('n8n workflows');
    await user.click(n8n.getByRole('button', { name: 'Revoke n8n workflows' }));
    await user.click(n8n.getByRole('button', { name: 'Revoke Key' }));
    expect((await n8n.findByRole('alert')).textContent).toBe('Identity is unavailable');
    expect(n8n.getByRole('button', { name: 'Revoke Key' })).toBeTruthy();
  });

  it('documents the API with this origin’s base URL, an agent of the plan and a placeholder key', async () => {
    render();
    const docs = within(await screen.findByRole('region', { name: 'Use your agents from code' }));
    expect(docs.getByTestId('api-base-url').textContent).toBe('http://localhost/v1');
    // The first agent that answers with text names the model once the agents are loaded.
    await docs.findByText(/"model": "startup-ideas"/);
    const curl = docs.getByTestId('api-snippet').textContent!;
    expect(curl).toContain('curl http://localhost/v1/chat/completions');
    expect(curl).toContain(PLACEHOLDER_KEY);
    expect(docs.getByText(/counts one of your plan's monthly API calls/)).toBeTruthy();

    const user = setup();
    await user.click(docs.getByRole('tab', { name: 'Node.js' }));
    expect(docs.getByTestId('api-snippet').textContent).toContain("new OpenAI({ baseURL: 'http://localhost/v1', apiKey: process.env.AGENTDOCK_API_KEY })");
    await user.keyboard('{ArrowRight}');
    expect(docs.getByRole('tab', { name: 'Python' }).getAttribute('aria-selected')).toBe('true');
    expect(docs.getByTestId('api-snippet').textContent).toContain('OpenAI(base_url="http://localhost/v1", api_key=os.environ["AGENTDOCK_API_KEY"])');
    await user.click(docs.getByRole('button', { name: 'Copy Python example' }));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('model="startup-ideas"'));
  });

  it('asks a signed-out visitor to sign in', async () => {
    renderAuthPage(API_KEYS_PATH, { [API_KEYS_PATH]: <ApiKeysPage /> });
    expect(await screen.findByText('Please sign in to manage your API keys.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toContain(encodeURIComponent(API_KEYS_PATH));
  });
});
