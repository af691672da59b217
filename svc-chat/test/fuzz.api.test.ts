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
import { contractFieldNames, describeHostileInput } from '@agentdock/service-kit/testing';
import { CHAT_ACCESS, CHAT_KEY_ACCESS } from './access-table';
import { ChatHarness, DRIVER } from './harness';

describeHostileInput({
  service: 'svc-chat',
  driver: DRIVER,
  // Every fuzzed /v1 request must reach the handlers, not stop at the per-key limit.
  start: () => ChatHarness.start({ API_RATE_LIMIT_PER_MINUTE_FREE: '1000000' }),
  checks: [
    {
      table: CHAT_ACCESS,
      principals: async (chat) => {
        const [user, suspended, admin] = [await chat.user(), await chat.user(), await chat.user({ admin: true })];
        return { user: user.auth, suspended: suspended.auth, admin: admin.auth };
      },
      fields: contractFieldNames(chatSendRequest, chatConversationRename, chatConversationsQuery, walletAdjustment, messageRefund, adminMessagesQuery, adminWalletsQuery),
    },
    {
      test: 'answers every mounted endpoint below 500 when called with an API key instead of a session token',
      label: 'with API keys',
      table: CHAT_KEY_ACCESS,
      principals: async (chat) => {
        const [user, suspended, admin] = [await chat.user(), await chat.user(), await chat.user({ admin: true })];
        const keys = { user: await chat.apiKey(user), suspended: await chat.apiKey(suspended), admin: await chat.apiKey(admin) };
        return { user: keys.user.auth, suspended: keys.suspended.auth, admin: keys.admin.auth };
      },
      fields: contractFieldNames(openAiChatCompletionRequest, openAiChatMessage, openAiImageRequest),
    },
  ],
});
