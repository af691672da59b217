// `tsx bench/src/chat-platform.ts`: the chat path of the embedded default for the chat figures of
// `npm run bench`: the demo provider, svc-chat on PGlite and the gateway in one process, as the
// launcher runs them, with one agent and one user whose wallet never runs dry. Prints one JSON line
// (`ChatPlatform`) once it serves, then serves until it is stopped. The bench is the client, in a
// process of its own, as a browser is.
import { randomUUID } from 'node:crypto';
import { agentChangedV1 } from '@agentdock/contracts';
import { createGateway, loadGatewayConfig } from '@agentdock/gateway';
import { startDemoProvider } from '@agentdock/local-agent-provider';
import { InProcessBus } from '@agentdock/service-data';
import { startTestService } from '@agentdock/service-data/testing';
import { closeHttpServer, createLogger, serverUrl, startHttpServer } from '@agentdock/service-kit';
import { createTestIssuer, eventually } from '@agentdock/service-kit/testing';
import { chatProviderEnv, createChatService } from '@agentdock/svc-chat';
import { chatAgents } from '@agentdock/svc-chat/schema';
import { bottomlessWallet } from './chat-wallet';
import { benchAgent } from './bench-agent';

export interface ChatPlatform {
  /** The demo provider's OpenAI-compatible base URL (ends in /v1). */
  providerUrl: string;
  /** Where a message to the agent is sent, through the gateway. */
  sendUrl: string;
  /** The user's access token. */
  token: string;
}

const logger = createLogger({ service: 'bench', level: 'silent' });
const provider = await startDemoProvider({ tokenDelayMs: 0 });
const issuer = await createTestIssuer();
const bus = new InProcessBus({ logger });
const chat = await startTestService(createChatService({ env: chatProviderEnv.parse({ DEMO_AGENT_PROVIDER_URL: provider.url }) }), { bus, jwksUrl: issuer.jwksUrl });
const gateway = await startHttpServer(
  createGateway(loadGatewayConfig({ PORT: '0', CHAT_URL: chat.url, JWKS_URL: issuer.jwksUrl, RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'silent' }), logger),
  { port: 0, host: '127.0.0.1' },
);

const agentId = randomUUID();
const now = new Date().toISOString();
await bus.publish(agentChangedV1.subject, {
  id: randomUUID(),
  type: agentChangedV1.type,
  version: 1,
  occurredAt: now,
  source: 'bench',
  data: {
    change: 'created',
    agent: benchAgent(agentId, now),
  },
});
await eventually(async () => (await chat.context.db.select().from(chatAgents)).length > 0);
const userId = randomUUID();
await bottomlessWallet(chat.context.db, userId);

const platform: ChatPlatform = {
  providerUrl: provider.url,
  sendUrl: `${serverUrl(gateway)}/api/chat/agents/${agentId}/messages`,
  token: await issuer.issue({ sub: userId, email: 'bench@example.com', admin: false, tier: 'free' }),
};
console.log(JSON.stringify(platform));

process.once('SIGTERM', () => {
  void Promise.all([closeHttpServer(gateway), chat.cleanup(), issuer.close(), bus.close(), provider.close()]).then(() => process.exit(0));
});
