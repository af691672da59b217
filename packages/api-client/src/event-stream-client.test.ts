import { defineEndpoint } from '@agentdock/contracts';
import { z } from 'zod';
import { createEventStreamClient, type ServerSentEvent } from './index';

const send = defineEndpoint('POST', '/api/chat', '/agents/:agentId/messages', { request: z.object({ message: z.string() }), response: undefined });

/** A body that arrives in the given chunks, split wherever the test says. */
function chunked(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

function eventStream(chunks: string[]) {
  return new Response(chunked(chunks), { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

async function collect(events: AsyncGenerator<ServerSentEvent>): Promise<ServerSentEvent[]> {
  const all: ServerSentEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

describe('createEventStreamClient', () => {
  it('reads every data line of an event, events split across chunks anywhere, CRLF and comments', async () => {
    const fetch = jest.fn(async () =>
      eventStream([': keep-alive\n\nevent: tok', 'en\ndata: {"text":"a"}\n\n', 'event: done\r\ndata: line one\r\ndata: line two\r\n\r\n', 'data: é'.slice(0, 7)]),
    );
    const client = createEventStreamClient({ fetch: fetch as unknown as typeof globalThis.fetch });
    const events = await collect(client.stream(send, { params: { agentId: 'a1' }, body: { message: 'Hi' } }));
    // The last event never got its blank line: incomplete, so dropped as the spec says.
    expect(events).toEqual([
      { event: 'token', data: '{"text":"a"}' },
      { event: 'done', data: 'line one\nline two' },
    ]);
  });

  it('keeps a character split between chunks whole', async () => {
    const bytes = new TextEncoder().encode('data: café\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 9));
        controller.enqueue(bytes.slice(9));
        controller.close();
      },
    });
    const fetch = jest.fn(async () => new Response(body, { status: 200 }));
    const events = await collect(
      createEventStreamClient({ fetch: fetch as unknown as typeof globalThis.fetch }).stream(send, { params: { agentId: 'a1' }, body: { message: 'Hi' } }),
    );
    expect(events).toEqual([{ data: 'café' }]);
  });

  it('sends the body, a request id and the token, and retries once with a new token after a 401', async () => {
    const seen: Array<{ url: string; headers: Headers; body: unknown }> = [];
    let token = 'old';
    const fetch = jest.fn(async (url: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      seen.push({ url, headers, body: init.body });
      if (headers.get('authorization') !== 'Bearer new') return new Response(JSON.stringify({ error: { code: 'invalid_token', message: 'Expired' } }), { status: 401 });
      return eventStream(['event: done\ndata: {}\n\n']);
    });
    const client = createEventStreamClient({
      fetch: fetch as unknown as typeof globalThis.fetch,
      getAccessToken: () => token,
      onUnauthorized: async () => {
        token = 'new';
        return true;
      },
      newRequestId: () => 'req-7',
    });
    await expect(collect(client.stream(send, { params: { agentId: 'a 1' }, body: { message: 'Hi' } }))).resolves.toEqual([{ event: 'done', data: '{}' }]);
    expect(seen.map((call) => call.headers.get('authorization'))).toEqual(['Bearer old', 'Bearer new']);
    expect(seen[1]).toMatchObject({ url: '/api/chat/agents/a%201/messages', body: '{"message":"Hi"}' });
    expect(seen[1]!.headers.get('x-request-id')).toBe('req-7');
    expect(seen[1]!.headers.get('accept')).toBe('text/event-stream');
  });

  it('throws a refusal as its ApiError before any event', async () => {
    const fetch = jest.fn(async () => new Response(JSON.stringify({ error: { code: 'insufficient_credits', message: 'Not enough credits' } }), { status: 402 }));
    const events = createEventStreamClient({ fetch: fetch as unknown as typeof globalThis.fetch }).stream(send, { params: { agentId: 'a1' }, body: { message: 'Hi' } });
    await expect(events.next()).rejects.toMatchObject({ status: 402, code: 'insufficient_credits', message: 'Not enough credits' });
  });

  it('cancels the body when the reader leaves early', async () => {
    const cancel = jest.fn();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: one\n\n'));
      },
      cancel,
    });
    const fetch = jest.fn(async () => new Response(body, { status: 200 }));
    for await (const event of createEventStreamClient({ fetch: fetch as unknown as typeof globalThis.fetch }).stream(send, {
      params: { agentId: 'a1' },
      body: { message: 'Hi' },
    })) {
      expect(event.data).toBe('one');
      break;
    }
    expect(cancel).toHaveBeenCalled();
  });
});
