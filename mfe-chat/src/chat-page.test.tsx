/** @jest-environment @agentdock/session/jsdom-environment */
import { webcrypto } from 'node:crypto';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { createSessionClient, SESSION_HINT_KEY, SessionProvider } from '@agentdock/session';
import { fakeIdentity, jsonResponse, memoryStorage, sessionFixture } from '@agentdock/session/testing';
import ChatPage from './chat-page';

const AGENT = {
  id: '3f1f7c3e-5d0a-4a55-9d53-3c4b1a0f9a11',
  key: 'meeting-prep',
  name: 'Meeting Prep',
  description: 'Prepares you for meetings.',
  tier: 'free',
  producesImages: false,
};
const WALLET = {
  userId: '6a3c3b1e-0f0e-4a8e-9a44-1f0c5a3b2d10',
  tier: 'free',
  creditsRemaining: 100,
  creditsLimit: 50_000,
  purchasedCredits: 0,
  apiCallsUsed: 0,
  apiCallsLimit: 50,
  periodStart: '2026-11-01T00:00:00.000Z',
  refillsAt: '2026-12-01T00:00:00.000Z',
  renewsAt: '2026-12-01T00:00:00.000Z',
};

const CONVERSATION = {
  id: '7c1f7c3e-5d0a-4a55-9d53-3c4b1a0f9a13',
  agentId: AGENT.id,
  title: 'Prepare the board meeting',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

function renderChat(signedIn: boolean, agents: unknown[] = [AGENT], messages: unknown[] = [], wallet: Record<string, unknown> = WALLET) {
  const identity = fakeIdentity();
  const storage = memoryStorage();
  if (signedIn) {
    storage.setItem(SESSION_HINT_KEY, '1');
    identity.on('POST /api/identity/token/refresh', jsonResponse(200, sessionFixture({ user: { subscriptionTier: 'free' } })));
  }
  identity.on('GET /api/catalog/plans', jsonResponse(200, { plans: [] }));
  identity.on('GET /api/chat/agents', jsonResponse(200, { agents, provider: { name: 'Demo provider (built in)', demo: true } }));
  identity.on('GET /api/chat/wallet', jsonResponse(200, wallet));
  identity.on(`GET /api/chat/agents/${AGENT.id}/messages`, jsonResponse(200, { messages, conversation: messages.length ? CONVERSATION : null }));
  identity.on('GET /api/chat/conversations', jsonResponse(200, { conversations: messages.length ? [CONVERSATION] : [] }));
  const client = createSessionClient({ fetch: identity.fetch, storage, crypto: webcrypto as unknown as Crypto, channel: null, lock: null, watchVisibility: false });
  return render(
    <SessionProvider client={client}>
      <MemoryRouter>
        <ChatPage />
      </MemoryRouter>
    </SessionProvider>,
  );
}

describe('chat page', () => {
  it('locks the chat for visitors with the membership overlay and a way to sign in', async () => {
    renderChat(false);
    expect(await screen.findByRole('heading', { name: 'Unlock Chat with a Membership' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/signin?returnUrl=%2Fchat');
    expect(screen.getByRole('link', { name: 'View Plans' }).getAttribute('href')).toBe('/pricing');
  });

  it('keeps input disabled until an agent is chosen, then shows its instruction card', async () => {
    renderChat(true);
    const picker = await screen.findByRole('combobox', { name: 'Agent' });
    await screen.findByRole('option', { name: 'Meeting Prep' });
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.getByText(/built-in demo, not a real AI model/)).toBeTruthy();
    fireEvent.change(picker, { target: { value: AGENT.id } });
    expect(await screen.findByText('Prepares you for meetings.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).disabled).toBe(false);
  });

  it('refuses a message the credits do not cover with the exact text, without sending', async () => {
    renderChat(true);
    const picker = await screen.findByRole('combobox', { name: 'Agent' });
    await screen.findByRole('option', { name: 'Meeting Prep' });
    fireEvent.change(picker, { target: { value: AGENT.id } });
    await screen.findByText('Prepares you for meetings.');
    const input = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(input, { target: { value: 'hello' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('Insufficient credits. You need 600 credits but only have 100 remaining. Please upgrade your plan.')).toBeTruthy();
  });

  it('says under a reply cut short that the credits ran out, with the ways to get more', async () => {
    const reply = {
      id: '0b6f3f5e-8d5c-4a55-9d53-3c4b1a0f9a12',
      agentId: AGENT.id,
      sessionId: '7c1f7c3e-5d0a-4a55-9d53-3c4b1a0f9a13',
      role: 'assistant',
      content: '<p>Here is the start</p>',
      markdown: 'Here is the start',
      messageOrder: 1,
      tokensUsed: 3,
      creditsUsed: 300,
      imageUrl: null,
      createdAt: '2026-11-20T10:00:00.000Z',
      stopReason: 'out-of-credits',
    };
    renderChat(true, [AGENT], [reply]);
    const picker = await screen.findByRole('combobox', { name: 'Agent' });
    await screen.findByRole('option', { name: 'Meeting Prep' });
    fireEvent.change(picker, { target: { value: AGENT.id } });
    const note = await screen.findByRole('note');
    expect(note.textContent).toBe('Reply stopped: you are out of credits. Upgrade your plan or buy credits.');
    expect(screen.getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByRole('link', { name: 'buy credits' }).getAttribute('href')).toBe('/dashboard');
  });

  it("lists the conversations, shows each reply's credits with its tokens, and the cost of the typed message under the composer", async () => {
    const reply = {
      id: '0b6f3f5e-8d5c-4a55-9d53-3c4b1a0f9a12',
      agentId: AGENT.id,
      sessionId: CONVERSATION.id,
      role: 'assistant',
      content: '<p>Agenda</p>',
      markdown: 'Agenda',
      messageOrder: 1,
      tokensUsed: 39,
      creditsUsed: 3_900,
      imageUrl: null,
      createdAt: '2026-11-20T10:00:00.000Z',
    };
    renderChat(true, [AGENT], [reply], { ...WALLET, creditsRemaining: 1_234_567 });
    const picker = await screen.findByRole('combobox', { name: 'Agent' });
    await screen.findByRole('option', { name: 'Meeting Prep' });
    fireEvent.change(picker, { target: { value: AGENT.id } });
    const credits = await screen.findByTestId('reply-credits');
    expect(credits.textContent).toBe('3,900 credits');
    expect(credits.getAttribute('title')).toBe('39 tokens');
    expect(await screen.findByRole('button', { name: 'Prepare the board meeting' })).toBeTruthy();
    expect(screen.getByTestId('credits-remaining').textContent).toBe('1,234,567 credits');
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'x'.repeat(52) } });
    // 13 tokens and twice that for the reply: 39 × 100.
    expect(screen.getByTestId('estimated-cost').textContent).toBe('Estimated cost: 3,900 credits');
    expect(screen.queryByText(/may not cover a typical reply/)).toBeNull();
  });

  it('warns with Top up and Upgrade when the balance cannot pay for a typical reply', async () => {
    renderChat(true, [AGENT], [], { ...WALLET, creditsRemaining: 14_999 });
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('Your balance of 14,999 credits may not cover a typical reply.');
    expect(screen.getByRole('link', { name: 'Top up' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getAllByRole('link', { name: 'Upgrade' })[0]!.getAttribute('href')).toBe('/pricing');
  });

  it('says so when the tier allows no agents', async () => {
    renderChat(true, []);
    expect(await screen.findByRole('option', { name: 'No agents available for your subscription tier' })).toBeTruthy();
  });
});
