import { webcrypto } from 'node:crypto';
import { ReadableStream, type ReadableStreamDefaultController } from 'node:stream/web';
import { TextEncoder } from 'node:util';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { walletFixture } from '@agentdock/contracts/testing';
import { createSessionClient, SESSION_HINT_KEY, SessionProvider } from '@agentdock/session';
import { fakeIdentity, jsonResponse, memoryStorage, sessionFixture } from '@agentdock/session/testing';
import ChatPage from '../chat-page';

export const AGENT = {
  id: '3f1f7c3e-5d0a-4a55-9d53-3c4b1a0f9a11',
  key: 'meeting-prep',
  name: 'Meeting Prep',
  description: 'Prepares you for meetings.',
  tier: 'free',
  producesImages: false,
  maxReplyTokens: 1_024,
};

export const CONVERSATION = {
  id: '7c1f7c3e-5d0a-4a55-9d53-3c4b1a0f9a13',
  agentId: AGENT.id,
  title: 'Prepare the board meeting',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

export const storedMessage = (role: 'user' | 'assistant', id: string, text: string, messageOrder: number, extra: Record<string, unknown> = {}) => ({
  id,
  agentId: AGENT.id,
  sessionId: CONVERSATION.id,
  role,
  content: role === 'assistant' ? `<p>${text}</p>` : text,
  markdown: text,
  messageOrder,
  tokensUsed: role === 'assistant' ? 20 : 0,
  creditsUsed: role === 'assistant' ? 2_000 : 0,
  imageUrl: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});

/** The signed-in chat against a fake gateway whose answers the test can change; `identity.callsTo` tells what was asked. */
export function renderSignedInChat({ messages = [] as unknown[], wallet = walletFixture({ creditsRemaining: 1_000_000 }) as unknown } = {}) {
  const identity = fakeIdentity();
  const storage = memoryStorage();
  storage.setItem(SESSION_HINT_KEY, '1');
  identity.on('POST /api/identity/token/refresh', jsonResponse(200, sessionFixture({ user: { subscriptionTier: 'free' } })));
  identity.on('GET /api/chat/agents', jsonResponse(200, { agents: [AGENT], provider: { name: 'Demo provider (built in)', demo: true } }));
  identity.on('GET /api/chat/wallet', jsonResponse(200, wallet));
  identity.on(`GET /api/chat/agents/${AGENT.id}/messages`, jsonResponse(200, { messages, conversation: messages.length ? CONVERSATION : null }));
  identity.on(
    'GET /api/chat/conversations',
    jsonResponse(200, { conversations: messages.length ? [{ ...CONVERSATION, agentKey: AGENT.key, agentName: AGENT.name }] : [], nextCursor: null }),
  );
  identity.on(`GET /api/chat/conversations/${CONVERSATION.id}/messages`, jsonResponse(200, { messages, conversation: CONVERSATION }));
  const client = createSessionClient({ fetch: identity.fetch, storage, crypto: webcrypto as unknown as Crypto, channel: null, lock: null, watchVisibility: false });
  render(
    <SessionProvider client={client}>
      <MemoryRouter>
        <ChatPage />
      </MemoryRouter>
    </SessionProvider>,
  );
  return identity;
}

/**
 * The send endpoint, which the page reads as a stream through the global fetch: each send gets a
 * stream the test writes server-sent events into, so it decides when the reply ends.
 */
export function streamedSends() {
  const encoder = new TextEncoder();
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  const bodies: unknown[] = [];
  const original = globalThis.fetch;
  globalThis.fetch = jest.fn(async (_url: string, init: RequestInit) => {
    bodies.push(JSON.parse(String(init.body)));
    const body = new ReadableStream<Uint8Array>({ start: (controller) => void streams.push(controller) });
    return new Response(body as unknown as BodyInit, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  }) as unknown as typeof fetch;
  const current = () => streams.at(-1)!;
  const event = (name: string, data: unknown) => current().enqueue(encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`));
  return {
    bodies,
    waiting: (upToCredits: number) => event('waiting', { status: 'waiting', conversation: CONVERSATION, upToCredits }),
    token: (text: string) => event('token', { text }),
    done(userMessage: unknown, reply: { creditsUsed: number }, upToCredits: number) {
      event('done', { conversation: CONVERSATION, userMessage, reply, upToCredits, creditsRemaining: 48_000, purchasedCredits: 0 });
      current().close();
    },
    restore() {
      globalThis.fetch = original;
    },
  };
}
