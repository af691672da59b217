import { FakeOpenAi } from '../../test/fake-openai';
import { buildProviderMessages } from '../domain/provider-request';
import { OpenAiCompatibleProvider } from './openai-compatible';
import { ProviderError } from './provider';

describe('OpenAI-compatible adapter', () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await FakeOpenAi.start();
  });
  afterAll(() => fake.close());

  const config = () => ({
    name: 'AI provider',
    demo: false,
    baseUrl: fake.url,
    apiKey: 'sk-test',
    model: 'm',
    models: {},
    imageModel: 'i',
    timeoutMs: 2_000,
    idleTimeoutMs: 2_000,
  });
  const provider = () => new OpenAiCompatibleProvider(config());
  const agent = { key: 'meeting-prep', name: 'Meeting Prep', description: '', providerAgentId: null, producesImages: false };
  type Request = Parameters<OpenAiCompatibleProvider['reply']>[0];
  const ask = (over: Partial<Omit<Request, 'messages'>> = {}, adapter = provider()) => {
    const turns = { history: over.history ?? [], message: over.message ?? 'Plan my week' };
    return adapter.reply({
      agent,
      ...turns,
      messages: buildProviderMessages({ key: agent.key, name: agent.name, version: null, behaviour: null }, turns),
      signal: new AbortController().signal,
      maxTokens: 100,
      onWaiting: () => undefined,
      onToken: () => undefined,
      ...over,
    });
  };

  it('sends the key as a bearer token and the chat request in the OpenAI shape, on one reused connection', async () => {
    fake.mode = 'ok';
    fake.reply = 'Monday: plan.';
    fake.usage = { prompt_tokens: 7, completion_tokens: 3 };
    const adapter = provider();
    const first = await ask({ history: [{ role: 'assistant', content: 'Earlier' }], maxTokens: 42 }, adapter);
    expect(first).toEqual({ text: 'Monday: plan.', usage: { promptTokens: 7, completionTokens: 3 }, imageUrl: null, finishReason: null });
    await ask({}, adapter);
    const [one, two] = fake.requests.slice(-2);
    expect(one).toMatchObject({
      path: '/v1/chat/completions',
      authorization: 'Bearer sk-test',
      body: {
        model: 'm',
        stream: true,
        stream_options: { include_usage: true },
        max_tokens: 42,
        messages: [
          { role: 'system', content: 'You are Meeting Prep.' },
          { role: 'assistant', content: 'Earlier' },
          { role: 'user', content: 'Plan my week' },
        ],
      },
    });
    // Each stream is read to its end, so its connection goes back to the pool for the next reply.
    expect(two!.clientPort).toBe(one!.clientPort);
  });

  describe('a reply nobody reads before it ends', () => {
    // At the 2 s answer timeout, replies of up to 10 tokens (5 a second) are asked for whole.
    it('is asked for in one answer when short, and given to onToken whole', async () => {
      fake.mode = 'ok';
      fake.reply = 'Monday: plan.';
      fake.usage = { prompt_tokens: 7, completion_tokens: 3 };
      const seen: string[] = [];
      const reply = await ask({ whole: true, maxTokens: 10, temperature: 0.5, onToken: (piece) => seen.push(piece) });
      expect(reply).toEqual({ text: 'Monday: plan.', usage: { promptTokens: 7, completionTokens: 3 }, imageUrl: null, finishReason: 'stop' });
      expect(seen).toEqual(['Monday: plan.']);
      const sent = fake.requests.at(-1)!.body;
      expect(sent).toMatchObject({ model: 'm', max_tokens: 10, temperature: 0.5, messages: [{ role: 'system' }, { role: 'user', content: 'Plan my week' }] });
      expect(sent).not.toHaveProperty('stream');
    });

    it('is streamed when a slow model could not write it within the answer timeout', async () => {
      fake.mode = 'ok';
      await ask({ whole: true, maxTokens: 11 });
      expect(fake.requests.at(-1)!.body).toMatchObject({ stream: true, max_tokens: 11 });
    });

    it('is streamed without a loop turn after its first piece when too long to ask for whole', async () => {
      fake.mode = 'ok';
      fake.reply = 'one two three four';
      const seen: string[] = [];
      await ask({
        whole: true,
        maxTokens: 11,
        onToken: (piece) => {
          seen.push(piece);
          if (seen.length === 1) setImmediate(() => setImmediate(() => seen.push('[the loop turned]')));
        },
      });
      expect(seen.slice(0, 4)).toEqual(['one ', 'two ', 'three ', 'four']);
    });

    it('fails on an answer that is not JSON, and on one whose body does not come within the idle timeout', async () => {
      fake.mode = 'malformed';
      await expect(ask({ whole: true, maxTokens: 10 })).rejects.toThrow('the agent provider sent an unreadable answer');
      fake.mode = 'stall';
      await expect(ask({ whole: true, maxTokens: 10 }, new OpenAiCompatibleProvider({ ...config(), idleTimeoutMs: 100 }))).rejects.toThrow('no answer body for 100 ms');
    });
  });

  it("asks for the agent's model and sends no key to an endpoint that takes none", async () => {
    fake.mode = 'ok';
    fake.reply = 'ok';
    await ask({ model: 'llama3.1:8b', temperature: 0.2, stop: ['END'] }, new OpenAiCompatibleProvider({ ...config(), apiKey: null }));
    const sent = fake.requests.at(-1)!;
    expect(sent.authorization).toBeUndefined();
    expect(sent.body).toMatchObject({ model: 'llama3.1:8b', temperature: 0.2, stop: ['END'] });
  });

  it.each([
    ['an SSE data error', 'stream-error' as const, 'answered with an error in the stream: upstream'],
    ['an SSE error event', 'error-event' as const, 'answered with an error in the stream: overloaded'],
    ['a chunk that is not JSON', 'malformed' as const, 'sent an unreadable answer'],
  ])('ends the reply as a failure on %s', async (_label, mode, logged) => {
    fake.mode = mode;
    fake.reply = 'one two';
    const error = await ask().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toContain(logged);
  });

  it.each([
    ['OpenAI', { status: 401, contentType: 'application/json', body: JSON.stringify({ error: { message: 'Incorrect API key' } }) }, 'answered 401: Incorrect API key'],
    ['vLLM', { status: 400, contentType: 'application/json', body: JSON.stringify({ object: 'error', message: 'no such model' }) }, 'answered 400: no such model'],
    ['a proxy', { status: 502, contentType: 'text/html', body: '<html>502 Bad Gateway</html>' }, 'answered 502: <html>502 Bad Gateway</html>'],
  ])("keeps %s's own words for the log", async (_label, answer, logged) => {
    fake.mode = 'error';
    fake.errorAnswer = answer;
    await expect(ask()).rejects.toThrow(logged);
  });

  it('says an unreachable provider could not be reached, and a silent one did not answer in time', async () => {
    const unreachable = new OpenAiCompatibleProvider({ ...config(), baseUrl: 'http://127.0.0.1:9/v1' });
    await expect(ask({}, unreachable)).rejects.toThrow('the agent provider could not be reached');
    fake.mode = 'hang';
    await expect(ask({}, new OpenAiCompatibleProvider({ ...config(), timeoutMs: 100 }))).rejects.toThrow('the agent provider did not answer in time');
  });

  it('calls a cancel before the answer arrived a cancel', async () => {
    fake.mode = 'hang';
    const cancel = new AbortController();
    setTimeout(() => cancel.abort(new Error('the reader left')), 50);
    await expect(ask({ signal: cancel.signal })).rejects.toThrow('the request was cancelled');
  });

  it("lets the loop turn after a burst's first piece, so that piece leaves before the rest is read", async () => {
    // The fake writes every piece of the reply at once: they arrive together.
    fake.mode = 'ok';
    fake.reply = 'one two three four five six seven eight';
    const seen: string[] = [];
    const reply = await ask({
      onToken: (piece) => {
        seen.push(piece);
        // Work that waits for the next turn of the loop, as the relay of a written piece does.
        if (seen.length === 1) setImmediate(() => setImmediate(() => seen.push('[the loop turned]')));
      },
    });
    expect(reply.text).toBe('one two three four five six seven eight');
    expect(seen.slice(0, 2)).toEqual(['one ', '[the loop turned]']);
  });

  it('hands on the pieces that arrived with an error in the stream before failing with it', async () => {
    // The fake writes a piece and then the error at once: they arrive in one read.
    fake.mode = 'stream-error';
    fake.reply = 'Partial answer';
    const seen: string[] = [];
    const outcome = await ask({ onToken: (piece) => seen.push(piece) }).catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(ProviderError);
    expect(String(outcome)).toContain('the agent provider answered with an error in the stream');
    expect(seen).toEqual(['Partial ']);
  });

  it('reads no further once cut off in the middle of a burst, and ends as cancelled', async () => {
    fake.mode = 'ok';
    fake.reply = 'lorem ipsum dolor sit amet '.repeat(40);
    const cutOff = new AbortController();
    let pieces = 0;
    const outcome = ask({
      signal: cutOff.signal,
      maxTokens: 14,
      onToken: () => {
        pieces += 1;
        if (pieces === 10) cutOff.abort();
      },
    }).catch((error: unknown) => error);
    expect(String(await outcome)).toContain('the request was cancelled');
    expect(pieces).toBe(10);
  }, 5_000);
});
