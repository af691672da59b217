// `tsx bench/src/public-api-platform.ts <provider URL>`: the public API's path for the figures of
// `npm run bench`: svc-chat and the gateway in one process with an in-process event bus, as
// `npm start` runs them, answered by the demo provider at <provider URL> (a process of its own).
// svc-chat's database is PostgreSQL when TEST_DATABASE_URL is set (a throwaway database is made
// there and dropped on exit), PGlite otherwise. One agent, and KEYS customers whose wallets never
// run dry (chat-wallet.ts), each with an API key issued as svc-identity issues them: its
// `identity.api-key.issued` event, carrying only the secret's SHA-256. Prints one JSON line
// (`PublicApiPlatform`) once it serves, then serves until it is stopped.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { agentChangedV1, API_KEY_PREFIX, apiKeyIssuedV1, type EventDefinition } from '@agentdock/contracts';
import { createGateway, loadGatewayConfig } from '@agentdock/gateway';
import { InProcessBus } from '@agentdock/service-data';
import { startTestService } from '@agentdock/service-data/testing';
import { closeHttpServer, createLogger, serverUrl, startHttpServer } from '@agentdock/service-kit';
import { eventually } from '@agentdock/service-kit/testing';
import { chatProviderEnv, createChatService } from '@agentdock/svc-chat';
import { chatAgents, chatApiKeys } from '@agentdock/svc-chat/schema';
import type { z } from 'zod';
import { bottomlessWallet } from './chat-wallet';
import { benchAgent } from './bench-agent';

export interface PublicApiPlatform {
  /** The gateway's /v1: `baseURL` of an OpenAI client. */
  v1Url: string;
  /** The agent's id as an OpenAI model. */
  model: string;
  /** One API key per customer, to be used in turn. */
  secrets: string[];
  database: 'PostgreSQL' | 'PGlite';
}

const providerUrl = process.argv[2];
if (!providerUrl) throw new Error('usage: public-api-platform.ts <demo provider URL>');
const KEYS = Number(process.env.BENCH_PUBLIC_API_KEYS ?? 20);

const logger = createLogger({ service: 'bench', level: 'silent' });
const bus = new InProcessBus({ logger });
const env = chatProviderEnv.parse({
  DEMO_AGENT_PROVIDER_URL: providerUrl,
  // The figures are about the path, not the per-key limits: 1,000 requests/s over KEYS keys.
  API_RATE_LIMIT_PER_MINUTE_FREE: '1000000',
});
const chat = await startTestService(createChatService({ env }), { bus });
const gateway = createGateway(loadGatewayConfig({ PORT: '0', CHAT_URL: chat.url, RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'silent' }), logger);
const server = await startHttpServer(gateway, { port: 0, host: '127.0.0.1' });

async function publish<TType extends string, TData extends z.ZodType>(event: EventDefinition<TType, TData>, data: z.infer<TData>): Promise<void> {
  await bus.publish(event.subject, { id: randomUUID(), type: event.type, version: event.version, occurredAt: new Date().toISOString(), source: 'bench', data });
}

const now = new Date().toISOString();
const model = 'meeting-prep';
await publish(agentChangedV1, {
  change: 'created',
  agent: benchAgent(randomUUID(), now),
});
const secrets: string[] = [];
for (let index = 0; index < KEYS; index += 1) {
  const userId = randomUUID();
  await bottomlessWallet(chat.context.db, userId);
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  await publish(apiKeyIssuedV1, {
    keyId: randomUUID(),
    userId,
    name: `bench ${index + 1}`,
    secretHash: createHash('sha256').update(secret).digest('hex'),
    lastFour: secret.slice(-4),
    monthlyCreditCap: null,
    allowedAgents: null,
    expiresAt: null,
    createdAt: now,
  });
  secrets.push(secret);
}
await eventually(async () => (await chat.context.db.select().from(chatAgents)).length > 0 && (await chat.context.db.select().from(chatApiKeys)).length === KEYS);

const platform: PublicApiPlatform = { v1Url: `${serverUrl(server)}/v1`, model, secrets, database: process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite' };
console.log(JSON.stringify(platform));

process.once('SIGTERM', () => {
  void Promise.all([closeHttpServer(server), gateway.close(), chat.cleanup(), bus.close()]).then(() => process.exit(0));
});
