import { userSuspendedV1 } from '@agentdock/contracts';
import { checkAccessMatrix, eventually } from '@agentdock/service-kit/testing';
import request from 'supertest';
import { ChatHarness, DRIVER } from './harness';
import { CHAT_ACCESS } from './access-table';

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
});
