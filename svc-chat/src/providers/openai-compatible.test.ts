import { FakeOpenAi } from '../../test/fake-openai';
import { OpenAiCompatibleProvider } from './openai-compatible';

describe('OpenAI-compatible adapter', () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await FakeOpenAi.start();
  });
  afterAll(() => fake.close());

  it("lets the loop turn after a burst's first piece, so that piece leaves before the rest is read", async () => {
    // The fake writes every piece of the reply at once: they arrive together.
    fake.mode = 'ok';
    fake.reply = 'one two three four five six seven eight';
    const provider = new OpenAiCompatibleProvider({
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
    const seen: string[] = [];
    const reply = await provider.reply({
      agent: { key: 'meeting-prep', name: 'Meeting Prep', description: '', providerAgentId: null, producesImages: false },
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
});
