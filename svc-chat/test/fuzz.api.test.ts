import { adminMessagesQuery, adminWalletsQuery, chatConversationRename, chatConversationsQuery, chatSendRequest, messageRefund, walletAdjustment } from '@agentdock/contracts';
import { contractFieldNames, fuzzEndpoints } from '@agentdock/service-kit/testing';
import { CHAT_ACCESS } from './access-table';
import { ChatHarness, DRIVER } from './harness';

describe(`svc-chat under hostile input (${DRIVER})`, () => {
  let chat: ChatHarness;
  beforeAll(async () => {
    chat = await ChatHarness.start({});
  });
  afterAll(() => chat.close());

  it('answers every mounted endpoint below 500 whatever it is sent', async () => {
    const [user, suspended, admin] = [await chat.user(), await chat.user(), await chat.user({ admin: true })];
    const result = await fuzzEndpoints({
      server: chat.service.server,
      url: chat.url,
      table: CHAT_ACCESS,
      principals: { user: user.auth, suspended: suspended.auth, admin: admin.auth },
      fields: contractFieldNames(chatSendRequest, chatConversationRename, chatConversationsQuery, walletAdjustment, messageRefund, adminMessagesQuery, adminWalletsQuery),
    });
    console.info(`svc-chat fuzz: ${result.sent} hostile requests to ${result.endpoints} endpoints, ${result.failures.length} answered 5xx`);
    expect(result.failures).toEqual([]);
  });
});
