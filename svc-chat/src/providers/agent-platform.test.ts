import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AgentPlatformProvider, isAcceptedReply, isGreeting } from './agent-platform';
import { Stop } from '../stop';
import { IMAGE_DONE_TEXT, ProviderError, type ProviderRequest } from './provider';

/** A stand-in agent platform: trigger answers a conversation id, view answers `views` in turn. */
async function fakePlatform(options: { triggerStatus?: number; views: unknown[][] }) {
  const calls: Array<{ path: string; authorization?: string; at: number }> = [];
  let view = 0;
  const server: Server = createServer(async (req, res) => {
    for await (const _ of req);
    calls.push({ path: req.url ?? '', authorization: req.headers.authorization, at: Date.now() });
    res.setHeader('content-type', 'application/json');
    if (req.url === '/agents/trigger') {
      res.statusCode = options.triggerStatus ?? 200;
      return res.end(options.triggerStatus ? 'quota exceeded' : JSON.stringify({ conversation_id: 'conv-1', agent_id: 'a1', state: 'running', job_info: { job_id: 'j1' } }));
    }
    const results = options.views[Math.min(view, options.views.length - 1)];
    view += 1;
    res.end(JSON.stringify({ results }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function provider(url: string, maxAttempts = 60, firstWaitMs = 40) {
  return new AgentPlatformProvider({
    name: 'AI provider',
    baseUrl: url,
    authorization: 'project:secret',
    firstWaitMs,
    intervalMs: 20,
    greetingWaitMs: 5,
    greetingIntervalMs: 5,
    maxAttempts,
    requestTimeoutMs: 1_000,
  });
}

function request(message: string, producesImages = false): ProviderRequest & { tokens: string[]; waited: number } {
  const state = { tokens: [] as string[], waited: 0 };
  return Object.assign(state, {
    agent: { key: 'meeting-prep', name: 'Meeting Prep', description: '', providerAgentId: 'agent-1', producesImages },
    message,
    history: [],
    messages: [{ role: 'user' as const, content: message }],
    signal: new AbortController().signal,
    maxTokens: 4_096,
    onToken: (text: string) => state.tokens.push(text),
    onWaiting: () => (state.waited += 1),
  });
}

const message = (text: string, generating = false) => ({ content: { type: 'agent-message', text, generating } });

describe('agent platform adapter', () => {
  it('recognises short greetings only', () => {
    expect(isGreeting('Hi!')).toBe(true);
    expect(isGreeting('hello there')).toBe(true);
    expect(isGreeting('hello, please plan my quarter')).toBe(false);
    expect(isGreeting('Shipping plan')).toBe(false);
  });

  it('accepts finished text, and for non-greetings only long or Markdown replies', () => {
    expect(isAcceptedReply({ text: 'Hi there!', generating: false }, true)).toBe(true);
    expect(isAcceptedReply({ text: 'Working on it…', generating: false }, false)).toBe(false);
    expect(isAcceptedReply({ text: '## Plan\n- one', generating: false }, false)).toBe(true);
    expect(isAcceptedReply({ text: 'x'.repeat(201), generating: false }, false)).toBe(true);
    expect(isAcceptedReply({ text: 'x'.repeat(300), generating: true }, false)).toBe(false);
    expect(isAcceptedReply({ text: '  ', generating: false }, true)).toBe(false);
  });

  it('triggers, waits, polls until an accepted reply and sends the credentials from configuration', async () => {
    const platform = await fakePlatform({ views: [[], [message('Thinking…')], [message('## Agenda\n1. Goals', false)]] });
    try {
      const req = request('Prepare my board meeting');
      const started = Date.now();
      const reply = await provider(platform.url).reply(req);
      expect(reply).toEqual({ text: '## Agenda\n1. Goals', usage: null, imageUrl: null });
      expect(req.waited).toBe(1);
      expect(req.tokens).toEqual(['## Agenda\n1. Goals']);
      expect(platform.calls.map((call) => call.path)).toEqual([
        '/agents/trigger',
        '/agents/agent-1/tasks/conv-1/view',
        '/agents/agent-1/tasks/conv-1/view',
        '/agents/agent-1/tasks/conv-1/view',
      ]);
      expect(platform.calls[0]!.authorization).toBe('project:secret');
      // the first wait (40 ms) comes before the first view; intervals (20 ms) between views
      expect(platform.calls[1]!.at - started).toBeGreaterThanOrEqual(38);
    } finally {
      await platform.close();
    }
  });

  it('uses the short greeting wait and accepts a short greeting reply', async () => {
    const platform = await fakePlatform({ views: [[message('Hello! How can I help?')]] });
    try {
      // A first wait far longer than any scheduling delay: finishing well before it means the greeting wait was used.
      const started = Date.now();
      const reply = await provider(platform.url, 60, 5_000).reply(request('hi'));
      expect(reply.text).toBe('Hello! How can I help?');
      expect(Date.now() - started).toBeLessThan(2_500);
    } finally {
      await platform.close();
    }
  });

  it('gives up after the attempt limit with the exhaustion text', async () => {
    const platform = await fakePlatform({ views: [[message('still going', true)]] });
    try {
      await expect(provider(platform.url, 3).reply(request('Plan my quarter'))).rejects.toThrow(new ProviderError('Failed to get conversation data after 3 polling attempts.'));
      expect(platform.calls.filter((call) => call.path.endsWith('/view'))).toHaveLength(3);
    } finally {
      await platform.close();
    }
  });

  it('reports a trigger error with status and body, under a neutral provider name', async () => {
    const platform = await fakePlatform({ triggerStatus: 429, views: [] });
    try {
      await expect(provider(platform.url).reply(request('Plan'))).rejects.toThrow(
        'Failed to get AI response: Agent provider trigger error: 429 Too Many Requests - quota exceeded',
      );
    } finally {
      await platform.close();
    }
  });

  it('takes the image of a tool run', async () => {
    const platform = await fakePlatform({ views: [[{ content: { type: 'tool-run', tool_run_state: 'finished', output: { image_url: 'https://img.example/1.png' } } }]] });
    try {
      const reply = await provider(platform.url).reply(request('a red fox', true));
      expect(reply).toEqual({ text: IMAGE_DONE_TEXT, usage: null, imageUrl: 'https://img.example/1.png' });
    } finally {
      await platform.close();
    }
  });

  it('refuses an agent without a provider id', async () => {
    const req = request('Plan');
    req.agent.providerAgentId = null;
    await expect(provider('http://127.0.0.1:9').reply(req)).rejects.toThrow('No agent ID found for selected agent');
  });

  it('stops waiting for the platform as soon as the reply is stopped, and takes its listeners off the signal', async () => {
    const platform = await fakePlatform({ views: [[message('Thinking…')]] });
    try {
      const stop = new Stop();
      const watched = { added: 0, removed: 0 };
      const signal = {
        get aborted() {
          return stop.aborted;
        },
        get reason() {
          return stop.reason;
        },
        addEventListener: (type: 'abort', listener: () => void) => {
          watched.added += 1;
          stop.addEventListener(type, listener);
        },
        removeEventListener: (type: 'abort', listener: () => void) => {
          watched.removed += 1;
          stop.removeEventListener(type, listener);
        },
      };
      const started = Date.now();
      // Stopped during the wait after the trigger, which would last 10 s.
      const reply = provider(platform.url, 1_000, 10_000).reply({ ...request('Prepare my board meeting'), signal });
      setTimeout(() => stop.abort(), 150);
      await expect(reply).rejects.toThrow('the request was cancelled');
      expect(Date.now() - started).toBeLessThan(1_000);
      const polls = platform.calls.length;
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(platform.calls.length).toBe(polls);
      // The trigger's call took its listener off again; the wait's was the one the stop ran.
      expect(watched).toEqual({ added: 2, removed: 1 });
    } finally {
      await platform.close();
    }
  });

  it('gives up a call the platform has not answered when the reply is stopped', async () => {
    const server = createServer(() => undefined);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const stop = new Stop();
      const reply = provider(`http://127.0.0.1:${(server.address() as AddressInfo).port}`).reply({ ...request('Prepare my board meeting'), signal: stop });
      setTimeout(() => stop.abort(), 50);
      await expect(reply).rejects.toThrow('the request was cancelled');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
