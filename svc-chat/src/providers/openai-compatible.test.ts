import { FakeOpenAi } from '../../test/fake-openai';
import { OpenAiCompatibleProvider } from './openai-compatible';

describe('OpenAI-compatible adapter', () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await FakeOpenAi.start();
  });
  afterAll(() => fake.close());

  const provider = () =>
    new OpenAiCompatibleProvider({
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
  const agent = { key: 'meeting-prep', name: 'Meeting Prep', description: '', providerAgentId: null, producesImages: false };

  it("lets the loop turn after a burst's first piece, so that piece leaves before the rest is read", async () => {
    // The fake writes every piece of the reply at once: they arrive together.
    fake.mode = 'ok';
    fake.reply = 'one two three four five six seven eight';
    const seen: string[] = [];
    const reply = await provider().reply({
      agent,
      message: 'Count',
      history: [],
      signal: new AbortController().signal,
      maxTokens: 100,
      onWaiting: () => undefined,
      onToken: (piece) => {
        seen.push(piece);
        // Work that waits for the next turn of the loop, as the relay of a written piece does.
        if (seen.length === 1) setImmediate(() => setImmediate(() => seen.push('[the loop turned]')));
      },
    });
    expect(reply.text).toBe('one two three four five six seven eight');
    expect(seen.slice(0, 2)).toEqual(['one ', '[the loop turned]']);
  });

  it('reads no further once cut off in the middle of a burst, and ends as cancelled', async () => {
    fake.mode = 'ok';
    fake.reply = 'lorem ipsum dolor sit amet '.repeat(40);
    const cutOff = new AbortController();
    let pieces = 0;
    const outcome = provider()
      .reply({
        agent,
        message: 'Write at length',
        history: [],
        signal: cutOff.signal,
        maxTokens: 14,
        onWaiting: () => undefined,
        onToken: () => {
          pieces += 1;
          if (pieces === 10) cutOff.abort();
        },
      })
      .catch((error: unknown) => error);
    expect(String(await outcome)).toContain('the request was cancelled');
    expect(pieces).toBe(10);
  }, 5_000);
});
