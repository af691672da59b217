/** @jest-environment @agentdock/session/jsdom-environment */
import { webcrypto } from 'node:crypto';
import { ReadableStream, type ReadableStreamDefaultController, TextDecoderStream } from 'node:stream/web';
import { TextEncoder } from 'node:util';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { userFixture, walletFixture } from '@agentdock/contracts/testing';
import { createSessionClient, getWorkspaceStore, SESSION_HINT_KEY, SessionProvider } from '@agentdock/session';
import { fakeIdentity, jsonResponse, memoryStorage, sessionFixture } from '@agentdock/session/testing';
import ChatPage from './chat-page';
import { AGENT, CONVERSATION, storedMessage } from './testing/chat-harness';

const WALLET = walletFixture({ creditsRemaining: 100 });

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
  for (const { id } of agents as Array<{ id: string }>) {
    identity.on(`GET /api/chat/agents/${id}/messages`, jsonResponse(200, { messages, conversation: messages.length ? CONVERSATION : null }));
  }
  identity.on(
    'GET /api/chat/conversations',
    jsonResponse(200, { conversations: messages.length ? [{ ...CONVERSATION, agentKey: AGENT.key, agentName: AGENT.name }] : [], nextCursor: null }),
  );
  identity.on(`GET /api/chat/conversations/${CONVERSATION.id}/messages`, jsonResponse(200, { messages, conversation: CONVERSATION }));
  const client = createSessionClient({ fetch: identity.fetch, storage, crypto: webcrypto as unknown as Crypto, channel: null, lock: null, watchVisibility: false });
  const rendered = render(
    <SessionProvider client={client}>
      <MemoryRouter>
        <ChatPage />
      </MemoryRouter>
    </SessionProvider>,
  );
  return Object.assign(rendered, { identity });
}

async function chooseAgent() {
  const picker = await screen.findByRole('combobox', { name: 'Agent' });
  await screen.findAllByRole('option', { name: 'Meeting Prep' });
  fireEvent.change(picker, { target: { value: AGENT.id } });
  await screen.findByText('Prepares you for meetings.');
}

/**
 * The send endpoint, which the page reads as a stream through the global fetch: each send gets a
 * stream the test writes server-sent events into, so it decides when the reply ends.
 */
function streamedSends() {
  const encoder = new TextEncoder();
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  const original = globalThis.fetch;
  globalThis.fetch = jest.fn(async () => {
    const body = new ReadableStream<Uint8Array>({ start: (controller) => void streams.push(controller) });
    return new Response(body as unknown as BodyInit, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  }) as typeof fetch;
  const current = () => streams.at(-1)!;
  return {
    sends: () => streams.length,
    waiting(conversation: typeof CONVERSATION, question: string) {
      const waiting = { status: 'waiting', conversation, userMessage: storedMessage('user', '1c2f7c3e-5d0a-4a55-9d53-3c4b1a0f9a20', question, 0), upToCredits: 104_000 };
      current().enqueue(encoder.encode(`event: waiting\ndata: ${JSON.stringify(waiting)}\n\n`));
    },
    token(text: string) {
      current().enqueue(encoder.encode(`event: token\ndata: ${JSON.stringify({ text })}\n\n`));
    },
    done(question: string, answer: string, order: number, conversation = CONVERSATION) {
      const done = {
        conversation,
        userMessage: storedMessage('user', `1c2f7c3e-5d0a-4a55-9d53-3c4b1a0f9a2${order}`, question, order),
        reply: storedMessage('assistant', `2d3f7c3e-5d0a-4a55-9d53-3c4b1a0f9a3${order}`, answer, order + 1),
        upToCredits: 104_000,
        creditsRemaining: 48_000,
        purchasedCredits: 0,
      };
      current().enqueue(encoder.encode(`event: done\ndata: ${JSON.stringify(done)}\n\n`));
      current().close();
    },
    restore() {
      globalThis.fetch = original;
    },
  };
}

describe('chat page', () => {
  // The last agent used is remembered in this browser: each test starts with none.
  beforeEach(() => localStorage.clear());

  beforeAll(() => {
    // The page reads the reply stream through TextDecoderStream, which jsdom lacks.
    (globalThis as { TextDecoderStream?: unknown }).TextDecoderStream ??= TextDecoderStream;
  });

  it('locks the chat for visitors with the membership overlay and a way to sign in', async () => {
    renderChat(false);
    expect(await screen.findByRole('heading', { name: 'Unlock Chat with a Membership' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/signin?returnUrl=%2Fchat');
    expect(screen.getByRole('link', { name: 'View Plans' }).getAttribute('href')).toBe('/pricing');
  });

  it('opens the first agent when none is remembered, with its instruction card, and the last one used on return', async () => {
    const OTHER = { ...AGENT, id: '5e2f7c3e-5d0a-4a55-9d53-3c4b1a0f9a15', key: 'writer', name: 'Writer', description: 'Writes with you.' };
    const first = renderChat(true, [AGENT, OTHER]);
    const picker = (await screen.findByRole('combobox', { name: 'Agent' })) as HTMLSelectElement;
    expect(await screen.findByText('Prepares you for meetings.')).toBeTruthy();
    expect(picker.value).toBe(AGENT.id);
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).disabled).toBe(false);
    expect(screen.getByText(/built-in demo, not a real AI model/)).toBeTruthy();
    fireEvent.change(picker, { target: { value: OTHER.id } });
    expect(await screen.findByText('Writes with you.')).toBeTruthy();
    first.unmount();

    renderChat(true, [AGENT, OTHER]);
    expect(await screen.findByText('Writes with you.')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Agent' }) as HTMLSelectElement).value).toBe(OTHER.id);
  });

  it('refuses a message the credits do not cover with the exact text, without sending', async () => {
    renderChat(true);
    const picker = await screen.findByRole('combobox', { name: 'Agent' });
    await screen.findAllByRole('option', { name: 'Meeting Prep' });
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
    await screen.findAllByRole('option', { name: 'Meeting Prep' });
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
    renderChat(true, [AGENT], [reply], { ...WALLET, creditsRemaining: 734_567, purchasedCredits: 500_000 });
    const picker = await screen.findByRole('combobox', { name: 'Agent' });
    await screen.findAllByRole('option', { name: 'Meeting Prep' });
    fireEvent.change(picker, { target: { value: AGENT.id } });
    const credits = await screen.findByTestId('reply-credits');
    expect(credits.textContent).toBe('3,900 credits');
    expect(credits.getAttribute('title')).toBe('39 tokens');
    expect(await screen.findByRole('button', { name: 'Prepare the board meeting Meeting Prep' })).toBeTruthy();
    expect(screen.getByTestId('credits-remaining').textContent).toBe('1,234,567 credits');
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'x'.repeat(52) } });
    // 13 tokens for the message and the agent's longest reply (1,024), which the balance covers: the reservation's own figure.
    expect(screen.getByTestId('estimated-cost').textContent).toBe('This message: up to 103,700 credits');
    expect(screen.queryByText(/may not cover a typical reply/)).toBeNull();
  });

  it("shows a reply's tokens on a tap, Enter or Space, not only in the hover title", async () => {
    const user = userEvent.setup();
    renderChat(true, [AGENT], [{ ...storedMessage('assistant', '0b6f3f5e-8d5c-4a55-9d53-3c4b1a0f9a12', 'Agenda', 1), tokensUsed: 1_234, creditsUsed: 123_400 }], {
      ...WALLET,
      creditsRemaining: 1_000_000,
    });
    await screen.findAllByRole('option', { name: 'Meeting Prep' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Agent' }), { target: { value: AGENT.id } });
    const credits = await screen.findByRole('button', { name: '123,400 credits' });
    const tokens = screen.getByTestId('reply-tokens');
    expect(credits.getAttribute('aria-expanded')).toBe('false');
    expect(credits.getAttribute('aria-controls')).toBe(tokens.id);
    expect(tokens.hidden).toBe(true);
    await user.click(credits);
    expect(credits.getAttribute('aria-expanded')).toBe('true');
    expect(tokens.hidden).toBe(false);
    expect(tokens.textContent).toBe('1,234 tokens');
    await user.click(credits);
    expect(tokens.hidden).toBe(true);
    // Reachable and usable from the keyboard.
    credits.blur();
    await user.tab();
    while (document.activeElement !== credits && document.activeElement !== document.body) await user.tab();
    expect(document.activeElement).toBe(credits);
    await user.keyboard('{Enter}');
    expect(tokens.hidden).toBe(false);
    await user.keyboard(' ');
    expect(tokens.hidden).toBe(true);
  });

  it('puts focus back in the composer when the reply ends, not on the Send button that is disabled by then', async () => {
    const sends = streamedSends();
    try {
      renderChat(true, [AGENT], [], { ...WALLET, creditsRemaining: 50_000 });
      await chooseAgent();
      const input = screen.getByRole('textbox', { name: 'Message' });
      fireEvent.change(input, { target: { value: 'Plan the offsite' } });
      const send = screen.getByRole('button', { name: 'Send' });
      send.focus();
      fireEvent.click(send);
      await screen.findByRole('button', { name: 'Stop generating' });
      expect(sends.sends()).toBe(1);
      sends.token('Here is a plan');
      expect(await screen.findByText('Here is a plan')).toBeTruthy();
      sends.done('Plan the offsite', 'Here is a plan for the offsite', 0);
      // The status line announces the reply once; focus is ready for the next message.
      await screen.findByText('Meeting Prep replied (2,000 credits).');
      await waitFor(() => expect(document.activeElement).toBe(input));
      expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    } finally {
      sends.restore();
    }
  });

  it('lists a new conversation under its first message at once, and under the title refined when the reply ends, without a reload', async () => {
    const sends = streamedSends();
    try {
      const { identity } = renderChat(true, [AGENT], [], { ...WALLET, creditsRemaining: 50_000 });
      await chooseAgent();
      fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Hi!' } });
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
      await screen.findByRole('button', { name: 'Stop generating' });
      sends.waiting({ ...CONVERSATION, title: 'Hi!' }, 'Hi!');
      expect(await screen.findByRole('button', { name: 'Hi! Meeting Prep' })).toBeTruthy();
      const listed = identity.callsTo('GET /api/chat/conversations').length;
      const refined = { ...CONVERSATION, title: 'Getting started with meetings' };
      identity.on('GET /api/chat/conversations', jsonResponse(200, { conversations: [{ ...refined, agentKey: AGENT.key, agentName: AGENT.name }], nextCursor: null }));
      sends.done('Hi!', '## Getting started with meetings', 0, refined);
      expect(await screen.findByRole('button', { name: 'Getting started with meetings Meeting Prep' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Hi! Meeting Prep' })).toBeNull();
      // The list was asked again (invalidated), and the server's answer agrees with the refined title.
      await waitFor(() => expect(identity.callsTo('GET /api/chat/conversations').length).toBeGreaterThan(listed));
      expect(screen.getByRole('button', { name: 'Getting started with meetings Meeting Prep' })).toBeTruthy();
    } finally {
      sends.restore();
    }
  });

  it('puts focus back in the composer when the reply ends, after Regenerate left the page with its reply', async () => {
    const sends = streamedSends();
    try {
      const asked = storedMessage('user', '1c2f7c3e-5d0a-4a55-9d53-3c4b1a0f9a11', 'Plan the offsite', 0);
      renderChat(true, [AGENT], [asked, storedMessage('assistant', '2d3f7c3e-5d0a-4a55-9d53-3c4b1a0f9a11', 'A first plan', 1)], { ...WALLET, creditsRemaining: 50_000 });
      await screen.findAllByRole('option', { name: 'Meeting Prep' });
      fireEvent.change(screen.getByRole('combobox', { name: 'Agent' }), { target: { value: AGENT.id } });
      const regenerate = await screen.findByRole('button', { name: 'Regenerate' });
      regenerate.focus();
      fireEvent.click(regenerate);
      await screen.findByRole('button', { name: 'Stop generating' });
      // The old reply and its Regenerate button are gone while the new one streams: focus fell to the page.
      expect(screen.queryByText('A first plan')).toBeNull();
      expect(document.activeElement).toBe(document.body);
      sends.token('A second');
      expect(await screen.findByText('A second')).toBeTruthy();
      sends.done('Plan the offsite', 'A second plan', 0);
      await screen.findByText('Meeting Prep replied (2,000 credits).');
      await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' })));
    } finally {
      sends.restore();
    }
  });

  it('stops following the reply once the reader scrolls up, even as words keep coming; "Jump to latest" brings the view back', async () => {
    const sends = streamedSends();
    try {
      const history = [
        storedMessage('user', '1c2f7c3e-5d0a-4a55-9d53-3c4b1a0f9a11', 'Plan the offsite', 0),
        storedMessage('assistant', '2d3f7c3e-5d0a-4a55-9d53-3c4b1a0f9a11', 'A first plan', 1),
      ];
      renderChat(true, [AGENT], history, { ...WALLET, creditsRemaining: 50_000 });
      await screen.findAllByRole('option', { name: 'Meeting Prep' });
      fireEvent.change(screen.getByRole('combobox', { name: 'Agent' }), { target: { value: AGENT.id } });
      await screen.findByText('A first plan');
      // jsdom lays nothing out: a pane 500 px high over 2,000 px of conversation.
      const pane = screen.getByRole('log', { name: 'Conversation' });
      let top = 0;
      Object.defineProperty(pane, 'clientHeight', { configurable: true, get: () => 500 });
      Object.defineProperty(pane, 'scrollHeight', { configurable: true, get: () => 2_000 });
      Object.defineProperty(pane, 'scrollTop', { configurable: true, get: () => top, set: (value: number) => void (top = Math.max(0, Math.min(value, 1_500))) });

      const input = screen.getByRole('textbox', { name: 'Message' });
      fireEvent.change(input, { target: { value: 'And the budget?' } });
      fireEvent.keyDown(input, { key: 'Enter' });
      await screen.findByRole('button', { name: 'Stop generating' });
      expect(top).toBe(1_500);
      expect(screen.queryByRole('button', { name: 'Jump to latest' })).toBeNull();

      // The reader scrolls up; the next words land before the scroll event does: the view stays.
      fireEvent.wheel(pane, { deltaY: -400 });
      top = 1_100;
      sends.token('More words');
      expect(await screen.findByText('More words')).toBeTruthy();
      fireEvent.scroll(pane);
      expect(top).toBe(1_100);
      const jump = screen.getByRole('button', { name: 'Jump to latest' });
      sends.done('And the budget?', 'More words on the budget', 2);
      await screen.findByText('Meeting Prep replied (2,000 credits).');
      expect(top).toBe(1_100);

      fireEvent.click(jump);
      expect(top).toBe(1_500);
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Jump to latest' })).toBeNull());
    } finally {
      sends.restore();
    }
  });

  it('leaves focus where the user moved it while the reply streamed', async () => {
    const sends = streamedSends();
    try {
      renderChat(true, [AGENT], [], { ...WALLET, creditsRemaining: 50_000 });
      await chooseAgent();
      const input = screen.getByRole('textbox', { name: 'Message' });
      input.focus();
      fireEvent.change(input, { target: { value: 'Plan the offsite' } });
      fireEvent.keyDown(input, { key: 'Enter' });
      await screen.findByRole('button', { name: 'Stop generating' });
      const search = screen.getByRole('searchbox', { name: 'Search conversations' });
      search.focus();
      sends.done('Plan the offsite', 'Here is a plan for the offsite', 0);
      await screen.findByText('Meeting Prep replied (2,000 credits).');
      await screen.findByRole('button', { name: 'Send' });
      expect(document.activeElement).toBe(search);
    } finally {
      sends.restore();
    }
  });

  it('warns with Top up and Upgrade when the balance cannot pay for a typical reply', async () => {
    renderChat(true, [AGENT], [], { ...WALLET, creditsRemaining: 14_999 });
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('Your balance of 14,999 credits may not cover a typical reply.');
    expect(screen.getByRole('link', { name: 'Top up' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getAllByRole('link', { name: 'Upgrade' })[0]!.getAttribute('href')).toBe('/pricing');
  });

  it('offers an image agent only the sizes its live version names, labelled next to the composer, reached by keyboard and sent with the message', async () => {
    const IMAGE_AGENT = {
      ...AGENT,
      id: '9a1f7c3e-5d0a-4a55-9d53-3c4b1a0f9a19',
      key: 'image-generator',
      name: 'Image Maker',
      description: 'Draws pictures.',
      producesImages: true,
      imageSizes: ['1024x1536', '1536x1024'],
    };
    const sends = streamedSends();
    try {
      renderChat(true, [AGENT, IMAGE_AGENT], [], { ...WALLET, creditsRemaining: 50_000 });
      const picker = await screen.findByRole('combobox', { name: 'Agent' });
      await screen.findAllByRole('option', { name: 'Image Maker' });
      fireEvent.change(picker, { target: { value: AGENT.id } });
      await screen.findByText('Prepares you for meetings.');
      expect(screen.queryByRole('combobox', { name: 'Image size' })).toBeNull();

      fireEvent.change(picker, { target: { value: IMAGE_AGENT.id } });
      await screen.findByText('Draws pictures.');
      const size = screen.getByRole('combobox', { name: 'Image size' }) as HTMLSelectElement;
      // Square is not offered by this agent: neither listed nor sent, its first size is chosen instead.
      expect([...size.options].map((option) => [option.value, option.text])).toEqual([
        ['1024x1536', 'Portrait'],
        ['1536x1024', 'Landscape'],
      ]);
      expect(size.value).toBe('1024x1536');
      // The next stop after the message box, so it is chosen without a mouse.
      const user = userEvent.setup();
      await user.click(screen.getByRole('textbox', { name: 'Message' }));
      await user.keyboard('A wide lighthouse');
      await user.tab();
      expect(document.activeElement).toBe(size);
      await user.selectOptions(size, 'Landscape');
      expect(size.value).toBe('1536x1024');
      await user.click(screen.getByRole('textbox', { name: 'Message' }));
      await user.keyboard('{Enter}');
      await screen.findByRole('button', { name: 'Stop generating' });
      const [, init] = (globalThis.fetch as jest.Mock).mock.calls[0] as [string, RequestInit];
      expect(JSON.parse(init.body as string)).toEqual({ message: 'A wide lighthouse', newConversation: true, imageSize: '1536x1024' });
      sends.done('A wide lighthouse', "Here's your generated image!", 0);
      await screen.findByText('Image Maker replied (2,000 credits).');
    } finally {
      sends.restore();
    }
  });

  it("offers the agent's conversation starters in an empty conversation, and sends the one chosen", async () => {
    const sends = streamedSends();
    try {
      renderChat(true, [{ ...AGENT, starters: ['Plan my week', 'Draft an agenda'] }], [], { ...WALLET, creditsRemaining: 50_000 });
      await chooseAgent();
      const starters = screen.getByRole('list', { name: 'Conversation starters' });
      expect(
        within(starters)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['Plan my week', 'Draft an agenda']);
      fireEvent.click(within(starters).getByRole('button', { name: 'Draft an agenda' }));
      await screen.findByRole('button', { name: 'Stop generating' });
      const [, init] = (globalThis.fetch as jest.Mock).mock.calls[0] as [string, RequestInit];
      expect(JSON.parse(init.body as string)).toEqual({ message: 'Draft an agenda', newConversation: true });
      sends.done('Draft an agenda', 'Here is an agenda.', 0);
      await screen.findByText('Here is an agenda.');
      expect(screen.queryByRole('list', { name: 'Conversation starters' })).toBeNull();
    } finally {
      sends.restore();
    }
  });

  it('in a team’s workspace shows the pool’s balance and sends with the team, so the pool pays', async () => {
    const team = { id: '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', name: 'Acme Robotics' };
    const userId = userFixture().id;
    getWorkspaceStore().choose(userId, team);
    const sends = streamedSends();
    try {
      const { identity } = renderChat(true, [AGENT], [], { ...WALLET, creditsRemaining: 10 });
      identity.on(
        `GET /api/chat/organisations/${team.id}/pool`,
        jsonResponse(200, {
          organisationId: team.id,
          tier: 'starter',
          seats: 2,
          creditsRemaining: 80_000,
          creditsLimit: 2_000_000,
          purchasedCredits: 0,
          periodStart: WALLET.periodStart,
          refillsAt: WALLET.refillsAt,
          members: [],
        }),
      );
      await chooseAgent();
      // The personal wallet (10 credits) could not pay for this; the pool can.
      fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Plan the team offsite' } });
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
      await screen.findByRole('button', { name: 'Stop generating' });
      const [, init] = (globalThis.fetch as jest.Mock).mock.calls[0] as [string, RequestInit];
      expect(JSON.parse(init.body as string)).toEqual({ message: 'Plan the team offsite', newConversation: true, workspace: team.id });
      sends.done('Plan the team offsite', 'Here is a plan.', 0);
      await screen.findByText('Here is a plan.');
    } finally {
      sends.restore();
      getWorkspaceStore().choose(userId, null);
    }
  });

  it('says so when the tier allows no agents', async () => {
    renderChat(true, []);
    expect(await screen.findByRole('option', { name: 'No agents available for your subscription tier' })).toBeTruthy();
  });
});
