import OpenAI from 'openai';
import { composeReply, type RunningDemoProvider, startDemoProvider } from './index';
import { QUOTE_LIMIT, quoteMessage } from './reply';

describe('demo agent provider', () => {
  let provider: RunningDemoProvider;
  let client: OpenAI;
  beforeAll(async () => {
    provider = await startDemoProvider({ tokenDelayMs: 0 });
    client = new OpenAI({ baseURL: provider.url, apiKey: 'demo' });
  });
  afterAll(() => provider.close());

  it('streams an agent-specific Markdown reply with usage over the OpenAI protocol', async () => {
    const stream = await client.chat.completions.create({
      model: 'agentdock-demo',
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: 'You are Meeting Prep. Prepares agendas and briefs for your meetings.' },
        { role: 'user', content: 'Prepare the quarterly investor update' },
      ],
    });
    const pieces: string[] = [];
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of stream) {
      const piece = chunk.choices[0]?.delta?.content;
      if (piece) pieces.push(piece);
      if (chunk.usage) usage = chunk.usage;
    }
    const text = pieces.join('');
    expect(pieces.length).toBeGreaterThan(20);
    expect(text).toContain('## Meeting Prep: prepare, quarterly, investor');
    expect(text).toContain('> You asked:\n>\n> Prepare the quarterly investor update\n');
    expect(text).toContain('Following my instructions (“Prepares agendas and briefs for your meetings.”)');
    expect(text).toContain('demo provider');
    expect(usage?.completion_tokens).toBe(Math.ceil(text.length / 4));
  });

  it('stops at max_tokens with finish_reason "length" and counts the usage it delivered', async () => {
    const stream = await client.chat.completions.create({
      model: 'agentdock-demo',
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 5,
      messages: [{ role: 'user', content: 'Prepare the quarterly investor update' }],
    });
    let text = '';
    let finish: string | null | undefined;
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text.length).toBe(20);
    expect(finish).toBe('length');
    expect(usage?.completion_tokens).toBe(5);
  });

  it('draws a PNG from the prompt, different for different prompts', async () => {
    const first = await client.images.generate({ model: 'demo', prompt: 'a red fox in the snow' });
    const second = await client.images.generate({ model: 'demo', prompt: 'a city at night' });
    const png = Buffer.from(first.data![0]!.b64_json!, 'base64');
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(first.data![0]!.b64_json).not.toBe(second.data![0]!.b64_json);
  });

  it.each([
    ['1024x1024', 256, 256],
    ['1024x1536', 256, 384],
    ['1536x1024', 384, 256],
  ] as const)('draws a %s request in its aspect ratio', async (size, width, height) => {
    const image = await client.images.generate({ model: 'demo', prompt: 'a lighthouse', size });
    const png = Buffer.from(image.data![0]!.b64_json!, 'base64');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([width, height]);
  });

  it('lists its models at GET /models, as a console connection reads them', async () => {
    expect((await client.models.list()).data.map((model) => model.id)).toEqual(['agentdock-demo', 'agentdock-demo-image']);
  });

  it('answers a bad request with an OpenAI-style 400', async () => {
    await expect(client.chat.completions.create({ model: 'x', messages: [] })).rejects.toMatchObject({ status: 400 });
  });

  describe('what the demo shows off', () => {
    const system = 'You are Meeting Prep. Prepares agendas and briefs for your meetings.';
    it('answers a request for code with a fenced code block, a table with a GFM table, a list with a list', () => {
      expect(composeReply(system, 'Write a TypeScript function for my tasks')).toMatch(/```ts\n[\s\S]+\n```/);
      expect(composeReply(system, 'Give me a table of the plan')).toMatch(/\| Step \| Owner \| When \|\n\| --- \| --- \| --- \|/);
      expect(composeReply(system, 'A list of ideas for the offsite')).toMatch(/^- Clarify/m);
      for (const message of ['code please', 'a table', 'a list', 'Prepare the quarterly investor update'])
        expect(composeReply(system, message)).toContain('built-in demo provider');
    });
    it('keeps replies short (half the old length: under 600 characters) so a free account can try more than two messages', () => {
      for (const message of ['Write code to sort invoices', 'table of costs', 'list of risks', 'Prepare the quarterly investor update for our board and team'])
        expect(composeReply(system, message).length).toBeLessThan(600);
      // A long message is quoted only in part, and a long "word" is no topic.
      expect(composeReply(system, `${'x'.repeat(500)} ${'word '.repeat(200)}`).length).toBeLessThan(600);
    });

    it('quotes the question back as a Markdown blockquote, as written, before the answer', () => {
      const reply = composeReply(system, '  Plan the **offsite**\n\n<img src=x onerror=alert(1)>\n[docs](https://example.com)  ');
      expect(reply.split('\n').slice(0, 9)).toEqual([
        '## Meeting Prep: plan, offsite, img',
        '',
        '> You asked:',
        '>',
        '> Plan the **offsite**',
        '>',
        '> <img src=x onerror=alert(1)>',
        '> [docs](https://example.com)',
        '',
      ]);
      expect(reply).toContain('built-in demo provider');
    });

    it('answers from the instructions it is given: another instruction, another answer; knowledge passages are cited', () => {
      const pirate = composeReply('# Pirate Pete\nAlways answer like a pirate.\n\n## How you work\n- Be brief.', 'Plan the launch');
      expect(pirate).toMatch(/^## Pirate Pete: plan, launch/);
      expect(pirate).toContain('Following my instructions (“Always answer like a pirate.”)');
      const formal = composeReply('# Pirate Pete\nWrite in formal English.', 'Plan the launch');
      expect(formal).toContain('“Write in formal English.”');
      expect(formal).not.toContain('pirate.”');
      const cited = composeReply(
        '# Pricing Bot\nQuote our prices.\n\n## Knowledge\nAnswer from these passages.\n\n[pricing.pdf p. 3]\nPro costs $99 a month.\n\n[faq.md]\nNo setup fee.',
        'price?',
      );
      expect(cited).toContain('From the knowledge: “Pro costs $99 a month.”');
      expect(cited).toContain('Sources: pricing.pdf p. 3, faq.md');
    });

    it(`cuts a quote longer than ${QUOTE_LIMIT} characters with an ellipsis, never inside a character`, () => {
      const long = `${'a'.repeat(QUOTE_LIMIT - 1)}😀😀 and more`;
      const quote = quoteMessage(long);
      expect(quote.at(-1)).toBe(`> ${'a'.repeat(QUOTE_LIMIT - 1)}😀…`);
      expect(quoteMessage('short')).toEqual(['> You asked:', '>', '> short']);
      expect(quoteMessage('one\r\ntwo\n   \nthree')).toEqual(['> You asked:', '>', '> one', '> two', '>', '> three']);
    });
  });
});
