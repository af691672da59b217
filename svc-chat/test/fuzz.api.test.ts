import {
  adminMessagesQuery,
  adminWalletsQuery,
  chatConversationRename,
  chatConversationsQuery,
  chatSendRequest,
  messageRefund,
  openAiChatCompletionRequest,
  openAiChatMessage,
  openAiImageRequest,
  walletAdjustment,
} from '@agentdock/contracts';
import { contractFieldNames, fuzzEndpoints } from '@agentdock/service-kit/testing';
import { CHAT_ACCESS, CHAT_KEY_ACCESS } from './access-table';
import { ChatHarness, DRIVER } from './harness';

describe(`svc-chat under hostile input (${DRIVER})`, () => {
  let chat: ChatHarness;
  beforeAll(async () => {
    // Every fuzzed /v1 request must reach the handlers, not stop at the per-key limit.
    chat = await ChatHarness.start({ API_RATE_LIMIT_PER_MINUTE_FREE: '1000000' });
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

  it('answers every mounted endpoint below 500 when called with an API key instead of a session token', async () => {
    const [user, suspended, admin] = [await chat.user(), await chat.user(), await chat.user({ admin: true })];
    const keys = { user: await chat.apiKey(user), suspended: await chat.apiKey(suspended), admin: await chat.apiKey(admin) };
    const result = await fuzzEndpoints({
      server: chat.service.server,
      url: chat.url,
      table: CHAT_KEY_ACCESS,
      principals: { user: keys.user.auth, suspended: keys.suspended.auth, admin: keys.admin.auth },
      fields: contractFieldNames(openAiChatCompletionRequest, openAiChatMessage, openAiImageRequest),
    });
    console.info(`svc-chat fuzz with API keys: ${result.sent} hostile requests to ${result.endpoints} endpoints, ${result.failures.length} answered 5xx`);
    expect(result.failures).toEqual([]);
  });
});
