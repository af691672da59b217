import { randomUUID } from 'node:crypto';
import { creditsPurchasedV1, type EventDefinition, type StatementLine, type StatementResponse, userRegisteredV1 } from '@agentdock/contracts';
import request from 'supertest';
import type { z } from 'zod';
import { chatConsumers } from '../src/events/consumers';
import { ApiKeyCache } from '../src/domain/api-key-cache';
import { ChatHarness, DRIVER, type User } from './harness';

/**
 * The statement's CSV is the statement on screen, every line of the range in one file, oldest
 * first: the same words, credits and running balance, read in one request however long it is.
 */

/** A line as a spreadsheet reads it back: a field with a comma, quote or line break is quoted. */
const field = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
const csvOf = (lines: StatementLine[]) =>
  `Date,Description,Credits,Balance\r\n${lines.map((line) => `${line.at},${field(line.text)},${line.credits},${line.balance}\r\n`).join('')}`;

describe(`statement CSV on ${DRIVER}`, () => {
  let chat: ChatHarness;
  let admin: User;
  let agent: { id: string; key: string; name: string };
  let handlers: Map<string, (envelope: unknown) => Promise<void>>;

  beforeAll(async () => {
    ({ chat } = await ChatHarness.behindFakeOpenAi());
    agent = await chat.agent({ tier: 'free', name: 'Meeting Prep', key: `meeting-prep-${randomUUID().slice(0, 6)}` });
    admin = await chat.user({ admin: true });
    handlers = new Map(
      chatConsumers(chat.service.context, { keys: new ApiKeyCache() }).map((consumer) => [consumer.subject, consumer.handler as (envelope: unknown) => Promise<void>]),
    );
  });
  afterAll(() => chat.close());

  async function customerWithHistory(): Promise<User> {
    const user = await chat.user();
    const event = (definition: EventDefinition<string, z.ZodType>, data: unknown) =>
      handlers.get(definition.subject)!({ id: randomUUID(), type: definition.type, version: definition.version, occurredAt: new Date().toISOString(), source: 'test', data });
    await event(userRegisteredV1, { userId: user.id, email: `c-${user.id.slice(0, 8)}@example.com`, fullName: null, tier: 'free' });
    await event(creditsPurchasedV1, { userId: user.id, purchaseId: `cs_${user.id}`, packId: 'pack', credits: 500_000, amount: 1_000, currency: 'usd' });
    const sent = await fetch(`${chat.url}/api/chat/agents/${agent.id}/messages`, {
      method: 'POST',
      headers: { ...user.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Prepare my meeting' }),
    });
    await sent.text();
    // A reason a person typed, with the characters a CSV must quote and one a spreadsheet would run.
    await request(chat.url).post(`/api/chat/admin/wallets/${user.id}/adjustments`).set(admin.auth).send({ credits: 50_000, reason: 'said "sorry", twice' }).expect(200);
    await request(chat.url).post(`/api/chat/admin/wallets/${user.id}/adjustments`).set(admin.auth).send({ credits: -1_000, reason: 'duplicate' }).expect(200);
    return user;
  }

  const onScreen = async (user: User, query = '') =>
    ((await request(chat.url).get(`/api/chat/statement?pageSize=500${query}`).set(user.auth).expect(200)).body as StatementResponse).lines;

  it('writes every line of the statement, oldest first, with the same words, credits and running balance', async () => {
    const user = await customerWithHistory();
    const lines = await onScreen(user);
    expect(lines.map((line) => line.kind)).toEqual(['adjustment', 'adjustment', 'reply', 'top-up', 'refill']);

    const answer = await request(chat.url).get('/api/chat/statement/csv').set(user.auth).expect(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="statement-start-to-today.csv"');
    expect(answer.text).toBe(csvOf([...lines].reverse()));
    expect(answer.text).toContain(',"Adjusted by support: +50,000 (said ""sorry"", twice)",50000,');
    expect(answer.text.trimEnd().split('\r\n').at(-1)).toMatch(new RegExp(`,-1000,${lines[0]!.balance}$`));
  });

  it('keeps to the date range and shows an admin the same file, and only an admin', async () => {
    const user = await customerWithHistory();
    const today = new Date().toISOString().slice(0, 10);
    const whole = (await request(chat.url).get('/api/chat/statement/csv').set(user.auth).expect(200)).text;
    const ranged = await request(chat.url).get(`/api/chat/statement/csv?from=${today}&to=${today}`).set(user.auth).expect(200);
    expect(ranged.text).toBe(whole);
    expect(ranged.headers['content-disposition']).toBe(`attachment; filename="statement-${today}-to-${today}.csv"`);
    expect((await request(chat.url).get('/api/chat/statement/csv?from=2020-01-01&to=2020-01-31').set(user.auth).expect(200)).text).toBe('Date,Description,Credits,Balance\r\n');

    const bad = await request(chat.url).get('/api/chat/statement/csv?from=2026-03-02&to=2026-03-01').set(user.auth).expect(400);
    expect(JSON.stringify(bad.body)).toContain('The end of the range must not be before its start.');
    await request(chat.url).get('/api/chat/statement/csv?from=2026-02-30').set(user.auth).expect(400);

    expect((await request(chat.url).get(`/api/chat/admin/users/${user.id}/statement/csv`).set(admin.auth).expect(200)).text).toBe(whole);
    await request(chat.url).get(`/api/chat/admin/users/${user.id}/statement/csv`).set(user.auth).expect(403);
  });
});
