import { CREDITS_PER_TOKEN, FREE_TIER_KNOWLEDGE_TOKEN_BUDGET, knowledgeFilesResponse, type MessageSource } from '@agentdock/contracts';
import request from 'supertest';
import type { FakeOpenAi } from './fake-openai';
import { ChatHarness, DRIVER, parseSse, type User } from './harness';

/** The free plan's monthly credits, as a new free customer's wallet opens with them. */
const FREE_CREDITS = 50_000;

/**
 * A free customer with the free plan's credits can ask a free agent that has knowledge: passages
 * are counted once as input in the check before sending (never doubled into the reply's estimate),
 * a free agent's budget is one passage, and the charge still covers every token the model read.
 */
describe(`knowledge on a free wallet on ${DRIVER}`, () => {
  let chat: ChatHarness;
  let fake: FakeOpenAi;
  let admin: User;

  beforeAll(async () => {
    ({ chat, fake } = await ChatHarness.behindFakeOpenAi());
    admin = await chat.user({ admin: true });
  });
  afterAll(() => chat.close());
  beforeEach(() => {
    fake.mode = 'ok';
    fake.reply = 'Run a smoke test landing page first.';
    fake.usage = null;
  });

  const filesUrl = (agentId: string) => `/api/chat/admin/agents/${agentId}/knowledge`;

  async function freeCustomer(): Promise<User> {
    const user = await chat.user({ tier: 'free' });
    const wallet = (await request(chat.url).get('/api/chat/wallet').set(user.auth).expect(200)).body as { creditsRemaining: number; purchasedCredits: number };
    expect(wallet.creditsRemaining + wallet.purchasedCredits).toBe(FREE_CREDITS);
    return user;
  }

  async function send(user: User, agentId: string, message: string) {
    const response = await fetch(`${chat.url}/api/chat/agents/${agentId}/messages`, {
      method: 'POST',
      headers: { ...user.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ message }),
    });
    const text = await response.text();
    if (response.status !== 200) return { status: response.status, body: JSON.parse(text) as { error: { message: string } } };
    const last = parseSse(text).at(-1)!;
    expect(last.event).toBe('done');
    const done = last.data as { reply: { tokensUsed: number; creditsUsed: number; sources?: MessageSource[] }; upToCredits: number };
    return { status: 200, ...done };
  }

  /** The system texts the model was last given: the instructions and the knowledge block. */
  const systemTexts = () =>
    (fake.requests.at(-1)!.body.messages as Array<{ role: string; content: string }>).filter((message) => message.role === 'system').map((message) => message.content);

  it('lets a new free customer ask the seeded free agent with knowledge; the reply draws on its file and is charged for every token read', async () => {
    const agent = await chat.agent({ key: 'startup-brainstorm', name: 'Startup Brainstorm Partner', tier: 'free' });
    const files = knowledgeFilesResponse.parse((await request(chat.url).get(filesUrl(agent.id)).set(admin.auth).expect(200)).body);
    expect(files.files.map((file) => file.name)).toEqual(['one-week-idea-tests.md']);
    expect(files.settings.tokenBudget).toBe(FREE_TIER_KNOWLEDGE_TOKEN_BUDGET);

    const customer = await freeCustomer();
    const sent = await send(customer, agent.id, 'How do I run a smoke test landing page?');
    expect(sent.status).toBe(200);
    if (sent.status !== 200 || !('reply' in sent)) throw new Error('refused');
    expect(sent.reply.sources!.map((source) => source.fileName)).toContain('one-week-idea-tests.md');
    const [system] = systemTexts();
    expect(system).toContain('Smoke test landing page');
    // Charged: the message, the passages and the reply, never less than what the model read.
    const passageTokens = Math.ceil(system!.slice(system!.indexOf('\n\n## Knowledge')).length / 4);
    expect(sent.reply.creditsUsed).toBe(sent.reply.tokensUsed * CREDITS_PER_TOKEN);
    expect(sent.reply.tokensUsed).toBeGreaterThanOrEqual(passageTokens + Math.ceil('Run a smoke test landing page first.'.length / 4));
    expect(sent.reply.creditsUsed).toBeLessThanOrEqual(sent.upToCredits);
  });

  it('counts passages once in the check before sending: a free wallet pays for a passage of 190 tokens and a reply', async () => {
    const agent = await chat.agent({ tier: 'free' });
    // One passage of about 190 tokens: with the reply's estimate doubling it (the old check) it needed over 57,000 credits.
    const paragraph = `Harbour fees: ${'mooring at the east quay costs forty two crowns a night, '.repeat(13)}`.slice(0, 760);
    await request(chat.url)
      .put(`${filesUrl(agent.id)}/files/harbour.md`)
      .set(admin.auth)
      .set('content-type', 'application/octet-stream')
      .send(Buffer.from(paragraph))
      .expect(200);
    const listed = knowledgeFilesResponse.parse((await request(chat.url).get(filesUrl(agent.id)).set(admin.auth).expect(200)).body);
    expect(listed.settings.tokenBudget).toBe(FREE_TIER_KNOWLEDGE_TOKEN_BUDGET);
    expect(listed.files[0]!.tokens).toBeGreaterThan(180);

    const customer = await freeCustomer();
    const sent = await send(customer, agent.id, 'What does mooring at the east quay cost?');
    expect(sent.status).toBe(200);
    if (!('reply' in sent)) throw new Error('refused');
    expect(sent.reply.sources!.map((source) => source.fileName)).toEqual(['harbour.md']);
    expect(sent.reply.tokensUsed).toBeGreaterThan(listed.files[0]!.tokens);
    expect((await chat.wallet(customer.id))!.creditsRemaining).toBe(FREE_CREDITS - sent.reply.creditsUsed);
  });

  it("starts a paid agent's knowledge at the larger budget, and still refuses a free wallet the passages cannot fit in", async () => {
    const paid = await chat.agent({ tier: 'starter' });
    await request(chat.url)
      .put(`${filesUrl(paid.id)}/files/notes.md`)
      .set(admin.auth)
      .set('content-type', 'application/octet-stream')
      .send(Buffer.from('Refunds are paid within five days.'))
      .expect(200);
    expect(knowledgeFilesResponse.parse((await request(chat.url).get(filesUrl(paid.id)).set(admin.auth).expect(200)).body).settings.tokenBudget).toBe(600);

    // An admin may raise a free agent's budget: then a passage the wallet cannot pay for is refused, never sent for less.
    const agent = await chat.agent({ tier: 'free' });
    const long = Array.from({ length: 4 }, (_, index) => `Section ${index + 1}: ${'the lighthouse keeper logs every passing ship and its cargo, '.repeat(12)}`.slice(0, 760)).join(
      '\n\n',
    );
    await request(chat.url)
      .put(`${filesUrl(agent.id)}/files/log.md`)
      .set(admin.auth)
      .set('content-type', 'application/octet-stream')
      .send(Buffer.from(long))
      .expect(200);
    await request(chat.url)
      .put(`${filesUrl(agent.id)}/settings`)
      .set(admin.auth)
      .send({ tokenBudget: 800 })
      .expect(200);
    const customer = await freeCustomer();
    const refused = await send(customer, agent.id, 'What does the lighthouse keeper log about passing ships?');
    expect(refused.status).toBe(402);
    expect((await chat.wallet(customer.id))!.creditsRemaining).toBe(FREE_CREDITS);
  });
});
