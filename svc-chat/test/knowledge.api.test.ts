import { randomUUID } from 'node:crypto';
import { agentChangedV1, creditsForTokens, emptyBehaviour, estimateTokens, KNOWLEDGE_FILE_MAX_BYTES, KNOWLEDGE_FILES_PER_AGENT, type MessageSource } from '@agentdock/contracts';
import { eq } from '@agentdock/service-data/orm';
import { eventually } from '@agentdock/service-kit/testing';
import request from 'supertest';
import { chatKnowledgeFiles, chatKnowledgePassages } from '../src/db/knowledge-schema';
import { retrievePassages } from '../src/domain/knowledge/retrieval';
import { ChatHarness, DRIVER, parseSse, type User } from './harness';
import type { FakeOpenAi } from './fake-openai';
import { pdfFile } from './knowledge-files';

const PRICING_PAGES = [
  'Welcome to Acme. This handbook explains how our service works.',
  'Pricing: the Pro plan costs 100 dollars a month and includes priority support.',
  'Shipping: parcels leave the warehouse within two working days.',
];

describe(`agent knowledge on ${DRIVER}`, () => {
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
    fake.reply = 'The Pro plan costs 100 dollars a month.';
    fake.usage = { prompt_tokens: 1, completion_tokens: 9 };
  });

  const filesUrl = (agentId: string) => `/api/chat/admin/agents/${agentId}/knowledge`;
  const upload = (agentId: string, name: string, bytes: Uint8Array | string, as: User = admin) =>
    request(chat.url)
      .put(`${filesUrl(agentId)}/files/${encodeURIComponent(name)}`)
      .set(as.auth)
      .set('content-type', 'application/octet-stream')
      .send(Buffer.from(bytes));

  async function send(user: User, agentId: string, message: string) {
    const response = await fetch(`${chat.url}/api/chat/agents/${agentId}/messages`, {
      method: 'POST',
      headers: { ...user.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ message }),
    });
    const events = parseSse(await response.text());
    return events.at(-1)!.data as { reply: { content: string; tokensUsed: number; creditsUsed: number; sources?: MessageSource[] } };
  }
  /** The system text the model was last given: the agent's instructions and any knowledge. */
  const lastSystem = () =>
    (fake.requests.at(-1)!.body.messages as Array<{ role: string; content: string }>)
      .filter((message) => message.role === 'system')
      .map((message) => message.content)
      .join('\n');

  it('indexes an uploaded PDF page by page, retrieves its passage for a question, cites it and charges its tokens', async () => {
    const agent = await chat.agent();
    const uploaded = await upload(agent.id, 'pricing.pdf', await pdfFile(PRICING_PAGES)).expect(200);
    expect(uploaded.body.file).toMatchObject({ name: 'pricing.pdf', kind: 'pdf', pages: 3, passages: 3 });
    const listed = await request(chat.url).get(filesUrl(agent.id)).set(admin.auth).expect(200);
    expect(listed.body.files.map((file: { name: string }) => file.name)).toEqual(['pricing.pdf']);

    const found = await retrievePassages(chat.db, { agentId: agent.id, text: 'How much is the Pro plan per month?' });
    expect(found[0]).toMatchObject({ fileName: 'pricing.pdf', page: 2 });

    const customer = await chat.user();
    const { reply } = await send(customer, agent.id, 'How much is the Pro plan per month?');
    expect(lastSystem()).toContain('the Pro plan costs 100 dollars a month');
    expect(lastSystem()).not.toContain('parcels leave the warehouse');
    expect(reply.sources).toEqual([expect.objectContaining({ fileName: 'pricing.pdf', page: 2 })]);
    // The knowledge the model read is input like the message: the reply's tokens and charge hold it.
    const messageTokens = estimateTokens('How much is the Pro plan per month?');
    expect(reply.tokensUsed).toBeGreaterThan(messageTokens + 9 + estimateTokens(PRICING_PAGES[1]!));
    expect(reply.creditsUsed).toBe(creditsForTokens(reply.tokensUsed));

    // The customer opens the passage the reply cited; another customer cannot.
    const passageId = reply.sources![0]!.passageId;
    const opened = await request(chat.url).get(`/api/chat/passages/${passageId}`).set(customer.auth).expect(200);
    expect(opened.body.passage).toMatchObject({ fileName: 'pricing.pdf', page: 2, text: expect.stringContaining('100 dollars a month') });
    const stranger = await chat.user();
    expect((await request(chat.url).get(`/api/chat/passages/${passageId}`).set(stranger.auth)).status).toBe(404);
    // A passage of the same file that no reply cited stays closed, even to the customer.
    const [other] = await chat.db.select().from(chatKnowledgePassages).where(eq(chatKnowledgePassages.page, 3));
    expect((await request(chat.url).get(`/api/chat/passages/${other!.id}`).set(customer.auth)).status).toBe(404);
  });

  it('sends nothing extra and cites nothing for an agent without knowledge, or a question its files do not touch', async () => {
    const bare = await chat.agent();
    const customer = await chat.user();
    const { reply } = await send(customer, bare.id, 'How much is the Pro plan per month?');
    expect(reply.sources).toBeUndefined();
    expect(lastSystem()).not.toContain('Knowledge');
    expect(reply.tokensUsed).toBe(estimateTokens('How much is the Pro plan per month?') + 9);

    const agent = await chat.agent();
    await upload(agent.id, 'shipping.md', '# Shipping\n\nParcels leave the warehouse within two working days.').expect(200);
    expect((await send(customer, agent.id, 'Tell me a joke about cats')).reply.sources).toBeUndefined();
  });

  it('replaces a file uploaded again under its name, and never retrieves a deleted file again', async () => {
    const agent = await chat.agent();
    const first = (await upload(agent.id, 'faq.md', 'Refunds are paid within five days.').expect(200)).body.file;
    const second = (await upload(agent.id, 'faq.md', 'Refunds are paid within ten days.').expect(200)).body.file;
    const listed = (await request(chat.url).get(filesUrl(agent.id)).set(admin.auth).expect(200)).body.files;
    expect(listed).toHaveLength(1);
    expect(second.id).not.toBe(first.id);
    const found = await retrievePassages(chat.db, { agentId: agent.id, text: 'refunds days' });
    expect(found.map((passage) => passage.text)).toEqual(['Refunds are paid within ten days.']);

    const customer = await chat.user();
    const cited = (await send(customer, agent.id, 'How long do refunds take?')).reply.sources![0]!;
    await request(chat.url)
      .delete(`${filesUrl(agent.id)}/files/${second.id}`)
      .set(admin.auth)
      .expect(204);
    expect(await chat.db.select().from(chatKnowledgePassages).where(eq(chatKnowledgePassages.fileId, second.id))).toEqual([]);
    expect(await retrievePassages(chat.db, { agentId: agent.id, text: 'refunds days' })).toEqual([]);
    const after = await send(customer, agent.id, 'How long do refunds take?');
    expect(after.reply.sources).toBeUndefined();
    expect(lastSystem()).not.toContain('Refunds are paid');
    // The old reply still names its source; the passage itself is gone.
    expect((await request(chat.url).get(`/api/chat/passages/${cited.passageId}`).set(customer.auth)).status).toBe(404);
    expect(
      (
        await request(chat.url)
          .delete(`${filesUrl(agent.id)}/files/${second.id}`)
          .set(admin.auth)
      ).status,
    ).toBe(404);
  });

  it('gives /v1 callers the same knowledge, its passages counted in the prompt tokens they pay for', async () => {
    const agent = await chat.agent();
    await upload(agent.id, 'pricing.pdf', await pdfFile(PRICING_PAGES)).expect(200);
    const customer = await chat.user();
    const key = await chat.apiKey(customer);
    const body = { model: agent.key, messages: [{ role: 'user', content: 'How much is the Pro plan per month?' }] };
    const answer = await request(chat.url).post('/v1/chat/completions').set(key.auth).send(body).expect(200);
    expect(lastSystem()).toContain('the Pro plan costs 100 dollars a month');
    expect(answer.body.usage.prompt_tokens).toBeGreaterThan(estimateTokens('How much is the Pro plan per month?') + estimateTokens(PRICING_PAGES[1]!));
  });

  it('lets the console’s draft test answer from the agent’s knowledge too', async () => {
    const agent = await chat.agent();
    await upload(agent.id, 'pricing.pdf', await pdfFile(PRICING_PAGES)).expect(200);
    const body = { behaviour: { ...emptyBehaviour(), instructions: 'Answer pricing questions.' }, message: 'How much is the Pro plan per month?' };
    await request(chat.url).post(`/api/chat/admin/agents/${agent.id}/draft-test`).set(admin.auth).send(body).expect(200);
    expect(lastSystem()).toContain('Answer pricing questions.');
    expect(lastSystem()).toContain('the Pro plan costs 100 dollars a month');
  });

  it('keeps the passages within the agent’s token budget, and none with a budget of 0', async () => {
    const agent = await chat.agent();
    const paragraphs = Array.from({ length: 12 }, (_, index) => `Section ${index}: the warranty covers repairs of part ${index} for two years after purchase.`.repeat(6));
    await upload(agent.id, 'warranty.txt', paragraphs.join('\n\n')).expect(200);
    await request(chat.url)
      .put(`${filesUrl(agent.id)}/settings`)
      .set(admin.auth)
      .send({ tokenBudget: 300 })
      .expect(200);
    const found = await retrievePassages(chat.db, { agentId: agent.id, text: 'warranty repairs' });
    expect(found.length).toBeGreaterThan(0);
    expect(found.reduce((sum, passage) => sum + passage.tokens, 0)).toBeLessThanOrEqual(300);
    await request(chat.url)
      .put(`${filesUrl(agent.id)}/settings`)
      .set(admin.auth)
      .send({ tokenBudget: 0 })
      .expect(200);
    expect(await retrievePassages(chat.db, { agentId: agent.id, text: 'warranty repairs' })).toEqual([]);
    expect(
      (
        await request(chat.url)
          .put(`${filesUrl(agent.id)}/settings`)
          .set(admin.auth)
          .send({ tokenBudget: -1 })
      ).status,
    ).toBe(400);
  });

  describe('refuses a bad file with a clear error naming it, and leaves the knowledge as it was', () => {
    let agentId: string;
    beforeAll(async () => {
      agentId = (await chat.agent()).id;
      await upload(agentId, 'kept.md', 'Opening hours are nine to five.').expect(200);
    });
    afterEach(async () => {
      const files = await chat.db.select().from(chatKnowledgeFiles).where(eq(chatKnowledgeFiles.agentId, agentId));
      expect(files.map((file) => file.name)).toEqual(['kept.md']);
      const passages = await chat.db.select().from(chatKnowledgePassages).where(eq(chatKnowledgePassages.agentId, agentId));
      expect(passages.map((passage) => passage.content)).toEqual(['Opening hours are nine to five.']);
    });

    it.each([
      ['an empty file', 'empty.md', async () => '', 400, 'is empty'],
      ['another kind of file', 'slides.pptx', async () => 'PK\u0003\u0004 not text', 415, 'Only Markdown, plain text, PDF and HTML'],
      ['a password-protected PDF', 'secret.pdf', () => pdfFile(['Secret prices'], { password: 'hunter2' }), 422, 'protected by a password'],
      ['a damaged PDF', 'broken.pdf', async () => '%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage', 422, 'could not be read'],
      ['a file over 20 MB', 'huge.txt', async () => new Uint8Array(KNOWLEDGE_FILE_MAX_BYTES + 1).fill(0x61), 413, 'larger than 20 MB'],
    ])('%s', async (_case, name, bytes, status, text) => {
      const answer = await upload(agentId, name, await bytes());
      expect(answer.status).toBe(status);
      expect(answer.body.error.message).toMatch(new RegExp(`^${name.replace('.', '\\.')}: .*${text}`));
    });

    it('a file past the 200-file cap', async () => {
      const full = (await chat.agent()).id;
      const rows = Array.from({ length: KNOWLEDGE_FILES_PER_AGENT }, (_, index) => ({
        agentId: full,
        name: `file-${index}.md`,
        kind: 'markdown',
        sizeBytes: 1,
        pages: 1,
        passages: 0,
        tokens: 0,
      }));
      await chat.db.insert(chatKnowledgeFiles).values(rows);
      const answer = await upload(full, 'one-more.md', 'One more file.');
      expect(answer.status).toBe(409);
      expect(answer.body.error.message).toMatch(/^one-more\.md: .*200 knowledge files/);
      // Replacing one of the 200 is still allowed.
      await upload(full, 'file-0.md', 'Replaced text.').expect(200);
      // And the agent the cap was not about is untouched (checked after each case).
    });
  });

  it('removes an agent’s knowledge when catalog deletes the agent', async () => {
    const agent = await chat.agent();
    await upload(agent.id, 'faq.md', 'Refunds are paid within five days.').expect(200);
    await chat.publish(agentChangedV1, { change: 'deleted', agent });
    await eventually(async () => (await chat.db.select().from(chatKnowledgeFiles).where(eq(chatKnowledgeFiles.agentId, agent.id))).length === 0);
    expect(await chat.db.select().from(chatKnowledgePassages).where(eq(chatKnowledgePassages.agentId, agent.id))).toEqual([]);
  });

  it('gives a seeded agent its starting file when catalog creates it, and cites it', async () => {
    const agent = await chat.agent({ key: 'pitch-deck-coach', tier: 'free' });
    const listed = (await request(chat.url).get(filesUrl(agent.id)).set(admin.auth).expect(200)).body.files;
    expect(listed.map((file: { name: string }) => file.name)).toEqual(['pitch-deck-checklist.md']);
    // A paid plan: the file's passages cost more than a free month's 500 tokens.
    const customer = await chat.user({ tier: 'professional' });
    const { reply } = await send(customer, agent.id, 'How many slides should my pitch deck have?');
    expect(reply.sources!.length).toBeGreaterThan(0);
    expect(new Set(reply.sources!.map((source) => `${source.fileName} ${source.page}`))).toEqual(new Set(['pitch-deck-checklist.md null']));
  });

  it('lets only admins manage files', async () => {
    const agent = await chat.agent();
    const customer = await chat.user({ tier: 'enterprise' });
    expect((await upload(agent.id, 'notes.md', 'x', customer)).status).toBe(403);
    expect((await request(chat.url).get(filesUrl(agent.id)).set(customer.auth)).status).toBe(403);
    expect((await request(chat.url).get(filesUrl(agent.id))).status).toBe(401);
    expect((await upload(randomUUID(), 'notes.md', 'x')).status).toBe(404);
  });
});
