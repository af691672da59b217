import { userSuspendedV1 } from '@agentdock/contracts';
import { checkAccessMatrix, eventually } from '@agentdock/service-kit/testing';
import request from 'supertest';
import { ChatHarness, DRIVER } from './harness';
import { CHAT_ACCESS, CHAT_KEY_ACCESS } from './access-table';

describe(`svc-chat authorization matrix (${DRIVER})`, () => {
  let chat: ChatHarness;
  beforeAll(async () => {
    chat = await ChatHarness.start({});
  });
  afterAll(() => chat.close());

  it('answers every mounted endpoint × {anonymous, user, suspended, admin} as the table says', async () => {
    const [user, suspended, admin] = [await chat.user(), await chat.user(), await chat.user({ admin: true })];
    await chat.publish(userSuspendedV1, { userId: suspended.id });
    await eventually(async () => (await request(chat.url).get('/api/chat/wallet').set(suspended.auth)).status === 403);
    const result = await checkAccessMatrix({
      server: chat.service.server,
      url: chat.url,
      table: CHAT_ACCESS,
      principals: { user: user.auth, suspended: suspended.auth, admin: admin.auth },
    });
    console.info(`svc-chat access matrix: ${result.endpoints.length} endpoints, ${result.calls} calls`);
    expect(result.problems).toEqual([]);
  });

  it('answers every mounted endpoint × API keys {none, a user’s, a suspended owner’s, an admin’s} as the key table says', async () => {
    const [user, suspended, admin] = [await chat.user(), await chat.user(), await chat.user({ admin: true })];
    const keys = { user: await chat.apiKey(user), suspended: await chat.apiKey(suspended), admin: await chat.apiKey(admin) };
    await chat.publish(userSuspendedV1, { userId: suspended.id });
    await eventually(async () => (await request(chat.url).get('/v1/models').set(keys.suspended.auth)).status === 403);
    const result = await checkAccessMatrix({
      server: chat.service.server,
      url: chat.url,
      table: CHAT_KEY_ACCESS,
      principals: { user: keys.user.auth, suspended: keys.suspended.auth, admin: keys.admin.auth },
    });
    console.info(`svc-chat access matrix with API keys: ${result.endpoints.length} endpoints, ${result.calls} calls`);
    expect(result.problems).toEqual([]);
  });
});
