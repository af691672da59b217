import { randomUUID } from 'node:crypto';
import { chatAgentsResponse, userRegisteredV1 } from '@agentdock/contracts';
import { eventually } from '@agentdock/service-kit/testing';
import OpenAI from 'openai';
import request from 'supertest';
import type { FakeOpenAi } from './fake-openai';
import { ChatHarness, DRIVER, parseSse, type User } from './harness';

/** An image agent offers the sizes its live version names, in the chat's list and at the send, in the chat and on `/v1`. */
describe(`svc-chat image sizes an agent offers on ${DRIVER}`, () => {
  let chat: ChatHarness;
  let fake: FakeOpenAi;

  beforeAll(async () => {
    ({ chat, fake } = await ChatHarness.behindFakeOpenAi());
  });
  afterAll(async () => {
    await chat.close();
  });

  async function send(user: User, agentId: string, body: Record<string, unknown>) {
    const response = await fetch(`${chat.url}/api/chat/agents/${agentId}/messages`, {
      method: 'POST',
      headers: { ...user.auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, events: response.headers.get('content-type')?.startsWith('text/event-stream') ? parseSse(text) : [], body: text };
  }

  async function imageAgent(sizes: Array<'1024x1024' | '1024x1536' | '1536x1024'>) {
    const agent = await chat.agent({ key: `image-${randomUUID().slice(0, 8)}`, name: 'Poster Maker', tier: 'free' });
    await chat.publishVersion(agent, 1, { instructions: 'Draw posters.', images: { enabled: true, model: null, sizes } });
    return agent;
  }

  it("lists only the live version's sizes, in the chat's order, and none for a text agent", async () => {
    const poster = await imageAgent(['1536x1024', '1024x1536']);
    const text = await chat.agent({ tier: 'free' });
    const user = await chat.user();
    const { agents } = chatAgentsResponse.parse((await request(chat.url).get('/api/chat/agents').set(user.auth).expect(200)).body);
    expect(agents.find((one) => one.id === poster.id)).toMatchObject({ producesImages: true, imageSizes: ['1024x1536', '1536x1024'] });
    expect(agents.find((one) => one.id === text.id)).toMatchObject({ producesImages: false, imageSizes: [] });
    // A new version changes what is offered at once.
    await chat.publishVersion(poster, 2, { instructions: 'Draw posters.', images: { enabled: true, model: null, sizes: ['1024x1024'] } });
    const after = chatAgentsResponse.parse((await request(chat.url).get('/api/chat/agents').set(user.auth).expect(200)).body);
    expect(after.agents.find((one) => one.id === poster.id)!.imageSizes).toEqual(['1024x1024']);
  });

  it('refuses a size the agent does not offer with a 400 naming the sizes it does, before anything is reserved or asked', async () => {
    const poster = await imageAgent(['1024x1536']);
    const user = await chat.user();
    const offered = await send(user, poster.id, { message: 'a tall lighthouse', imageSize: '1024x1536' });
    expect(offered.events.at(-1)!.event).toBe('done');
    expect(fake.requests.at(-1)).toMatchObject({ path: '/v1/images/generations', body: { size: '1024x1536' } });
    const balance = (await chat.wallet(user.id))!.creditsRemaining;
    const before = fake.requests.length;
    const refused = await send(user, poster.id, { message: 'a wide valley', imageSize: '1536x1024' });
    expect(refused.status).toBe(400);
    const message = 'Poster Maker does not make Landscape (1536x1024) images: choose Portrait (1024x1536).';
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: 'validation_failed', message, fields: [{ path: 'imageSize', message }] } });
    expect(fake.requests).toHaveLength(before);
    expect((await chat.wallet(user.id))!.creditsRemaining).toBe(balance);
    // No size asked: the agent's own first size.
    expect((await send(user, poster.id, { message: 'a round pond' })).events.at(-1)!.event).toBe('done');
    expect(fake.requests.at(-1)!.body.size).toBe('1024x1536');
  });

  it('refuses the same on /v1 with 400 param size', async () => {
    const poster = await imageAgent(['1024x1024', '1536x1024']);
    const user = await chat.user();
    await chat.publish(userRegisteredV1, { userId: user.id, email: `${user.id.slice(0, 8)}@example.com`, fullName: null, tier: 'free' });
    await eventually(async () => (await chat.wallet(user.id)) !== undefined);
    const client = new OpenAI({ apiKey: (await chat.apiKey(user)).secret, baseURL: `${chat.url}/v1`, maxRetries: 0 });
    await client.images.generate({ model: poster.key, prompt: 'a wide valley', size: '1536x1024' });
    expect(fake.requests.at(-1)!.body.size).toBe('1536x1024');
    const wrong = await client.images.generate({ model: poster.key, prompt: 'a tall lighthouse', size: '1024x1536' }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(wrong).toBeInstanceOf(OpenAI.BadRequestError);
    expect((wrong as InstanceType<typeof OpenAI.BadRequestError>).param).toBe('size');
    expect((wrong as Error).message).toContain('choose one of Square (1024x1024), Landscape (1536x1024)');
  });
});
