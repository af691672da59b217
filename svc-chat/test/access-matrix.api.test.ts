import { userSuspendedV1 } from '@agentdock/contracts';
import { describeAccessMatrix, eventually } from '@agentdock/service-kit/testing';
import request from 'supertest';
import { ChatHarness, DRIVER } from './harness';
import { CHAT_ACCESS, CHAT_KEY_ACCESS } from './access-table';

describeAccessMatrix({
  service: 'svc-chat',
  driver: DRIVER,
  start: () => ChatHarness.start({}),
  checks: [
    {
      table: CHAT_ACCESS,
      principals: async (chat) => {
        const [user, suspended, admin] = [await chat.user(), await chat.user(), await chat.user({ admin: true })];
        await chat.publish(userSuspendedV1, { userId: suspended.id });
        await eventually(async () => (await request(chat.url).get('/api/chat/wallet').set(suspended.auth)).status === 403);
        return { user: user.auth, suspended: suspended.auth, admin: admin.auth };
      },
    },
    {
      test: 'answers every mounted endpoint × API keys {none, a user’s, a suspended owner’s, an admin’s} as the key table says',
      label: 'with API keys',
      table: CHAT_KEY_ACCESS,
      principals: async (chat) => {
        const [user, suspended, admin] = [await chat.user(), await chat.user(), await chat.user({ admin: true })];
        const keys = { user: await chat.apiKey(user), suspended: await chat.apiKey(suspended), admin: await chat.apiKey(admin) };
        await chat.publish(userSuspendedV1, { userId: suspended.id });
        await eventually(async () => (await request(chat.url).get('/v1/models').set(keys.suspended.auth)).status === 403);
        return { user: keys.user.auth, suspended: keys.suspended.auth, admin: keys.admin.auth };
      },
    },
  ],
});
