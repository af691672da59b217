import { CREDITS_PER_TOKEN, knowledgeFilesResponse, userRegisteredV1 } from '@agentdock/contracts';
import { eventually } from '@agentdock/service-kit/testing';
import OpenAI from 'openai';
import request from 'supertest';
import { ChatHarness, DRIVER, type User } from './harness';

const FEES = 'Harbour fees: mooring at the east quay costs 42 crowns a night; the west quay is free for boats under eight metres.\n\nThe harbour office opens at seven.';

/**
 * The official `openai` package against `/v1` with a key, the built-in demo provider answering
 * (it quotes the passages it is given and names their files): the published agent's knowledge
 * is retrieved for the caller's question, drawn on and cited, charged as prompt tokens, and
 * never retrieved again once its file is deleted.
 */
describe(`agent knowledge through /v1 with the OpenAI SDK on ${DRIVER}`, () => {
  let chat: ChatHarness;
  let admin: User;

  beforeAll(async () => {
    chat = await ChatHarness.start({});
    admin = await chat.user({ admin: true });
  });
  afterAll(() => chat.close());

  async function starterClient() {
    const user = await chat.user({ tier: 'starter' });
    await chat.publish(userRegisteredV1, { userId: user.id, email: `${user.id.slice(0, 8)}@example.com`, fullName: null, tier: 'starter' });
    await eventually(async () => (await chat.wallet(user.id)) !== undefined);
    const key = await chat.apiKey(user);
    return { user, client: new OpenAI({ apiKey: key.secret, baseURL: `${chat.url}/v1`, maxRetries: 0 }) };
  }

  it("answers from the published agent's knowledge file and cites it; a deleted file is never drawn on again", async () => {
    const agent = await chat.agent({ tier: 'starter', name: 'Harbour Desk' });
    await chat.publishVersion(agent, 1, { instructions: '# Harbour Desk\nAnswer questions about the harbour from its fee list.' });
    const filesUrl = `/api/chat/admin/agents/${agent.id}/knowledge`;
    await request(chat.url).put(`${filesUrl}/files/harbour-fees.md`).set(admin.auth).set('content-type', 'application/octet-stream').send(Buffer.from(FEES)).expect(200);
    const [file] = knowledgeFilesResponse.parse((await request(chat.url).get(filesUrl).set(admin.auth).expect(200)).body).files;
    const { user, client } = await starterClient();

    const question = 'What does mooring at the east quay cost?';
    const answer = await client.chat.completions.create({
      model: agent.key,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: question },
      ],
    });
    const text = answer.choices[0]!.message.content!;
    expect(text).toContain('## Harbour Desk');
    expect(text).toContain('Following my instructions (“Answer questions about the harbour from its fee list.”)');
    expect(text).toMatch(/From the knowledge: “[^”]*42 crowns a night/);
    expect(text).toContain('Sources: harbour-fees.md');
    // The passage is input the caller pays for: prompt tokens hold the question and the file's passage.
    expect(answer.usage!.prompt_tokens).toBeGreaterThanOrEqual(Math.ceil(question.length / 4) + file!.tokens);
    const charged = 1_000_000 - (await chat.wallet(user.id))!.creditsRemaining;
    expect(charged).toBe(answer.usage!.total_tokens * CREDITS_PER_TOKEN);

    // Streaming answers the same way.
    const stream = await client.chat.completions.create({ model: agent.key, stream: true, messages: [{ role: 'user', content: question }] });
    let streamed = '';
    for await (const chunk of stream) streamed += chunk.choices[0]?.delta?.content ?? '';
    expect(streamed).toContain('Sources: harbour-fees.md');

    await request(chat.url).delete(`${filesUrl}/files/${file!.id}`).set(admin.auth).expect(204);
    const after = await client.chat.completions.create({ model: agent.key, messages: [{ role: 'user', content: question }] });
    expect(after.choices[0]!.message.content).not.toContain('42 crowns');
    expect(after.choices[0]!.message.content).not.toContain('Sources:');
  });
});
