import { runStandalone } from '@agentdock/service-data';
import { loadConfigOrExit } from '@agentdock/service-kit';
import { createChatService, standaloneChatEnv } from './index';

await runStandalone(createChatService({ env: loadConfigOrExit(standaloneChatEnv, process.env, 'svc-chat') }));
