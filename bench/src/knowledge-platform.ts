// `tsx bench/src/knowledge-platform.ts`: the chat path of the embedded default (demo provider,
// svc-chat on PGlite, the gateway, in one process as the launcher runs them) with one agent without
// knowledge and five whose files the bench uploads (an agent holds at most 200), and a user whose
// wallet never runs dry.
// Prints one JSON line (`KnowledgePlatform`) once it serves, then serves until it is stopped.
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
import { adminAgentFixture } from '@agentdock/contracts/testing';
import { bottomlessWallet } from './chat-wallet';

export interface KnowledgePlatform {
  gatewayUrl: string;
  bareAgentId: string;
  /** The agents the files go to, 200 each at most; the first is the one the bench talks to. */
  knowledgeAgentIds: string[];
  userToken: string;
  adminToken: string;
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

const now = new Date().toISOString();
const agents = { bareAgentId: randomUUID(), knowledgeAgentIds: Array.from({ length: 5 }, () => randomUUID()) };
for (const [index, id] of [agents.bareAgentId, ...agents.knowledgeAgentIds].entries()) {
  await bus.publish(agentChangedV1.subject, {
    id: randomUUID(),
    type: agentChangedV1.type,
    version: 1,
    occurredAt: now,
    source: 'bench',
    data: { change: 'created', agent: adminAgentFixture({ id, key: `meeting-prep-${index}`, tier: 'free', description: 'Prepares meetings.', createdAt: now, updatedAt: now }) },
  });
}
await eventually(async () => (await chat.context.db.select().from(chatAgents)).length === 6);
const userId = randomUUID();
await bottomlessWallet(chat.context.db, userId);

const platform: KnowledgePlatform = {
  gatewayUrl: serverUrl(gateway),
  ...agents,
  userToken: await issuer.issue({ sub: userId, email: 'bench@example.com', admin: false, tier: 'free' }),
  adminToken: await issuer.issue({ sub: randomUUID(), email: 'admin@example.com', admin: true, tier: 'enterprise' }),
};
console.log(JSON.stringify(platform));

process.once('SIGTERM', () => {
  void Promise.all([closeHttpServer(gateway), chat.cleanup(), issuer.close(), bus.close(), provider.close()]).then(() => process.exit(0));
});
