import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  type AdminAgent,
  agentBehaviour,
  type AgentBehaviourInput,
  agentChangedV1,
  agentPublishedV1,
  API_KEY_PREFIX,
  apiKeyIssuedV1,
  CHAT_POOL_ENDPOINTS,
  endpointUrl,
  type EventData,
  type EventDefinition,
  organisationMemberJoinedV1,
  type SubscriptionTier,
  teamSubscriptionActivatedV1,
} from '@agentdock/contracts';
import { adminAgentFixture } from '@agentdock/contracts/testing';
import { createTestIssuer, eventually } from '@agentdock/service-kit/testing';
import { startDemoProvider } from '@agentdock/local-agent-provider';
import { inTransaction } from '@agentdock/service-data';
import { createTestBus, startTestService, type TestBus, type TestService } from '@agentdock/service-data/testing';
import { eq } from '@agentdock/service-data/orm';
import type { z } from 'zod';
import { type ChatSchema, chatAgents, chatApiKeys, chatWallets } from '../src/db/schema';
import { adjustCredits, lockWallet } from '../src/domain/ledger';
import { type ChatProviderEnv, chatProviderEnv, createChatService } from '../src/index';
import { FakeOpenAi } from './fake-openai';

export const DRIVER = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

export interface User {
  id: string;
  auth: { authorization: string };
}

export class ChatHarness {
  private constructor(
    readonly bus: TestBus,
    readonly issuer: Awaited<ReturnType<typeof createTestIssuer>>,
    readonly service: TestService<ChatSchema>,
    private readonly closeProvider: () => Promise<void>,
  ) {}

  /**
   * svc-chat with an OpenAI-compatible provider behind it (the fake, over HTTP) that fails fast:
   * a 2 s provider timeout; `env` adds to or overrides the settings. Closing the harness stops the fake.
   */
  static async behindFakeOpenAi(env: Partial<Record<string, string>> = {}): Promise<{ chat: ChatHarness; fake: FakeOpenAi }> {
    const fake = await FakeOpenAi.start();
    const chat = await ChatHarness.start({ CHAT_PROVIDER: 'openai', OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-test', CHAT_PROVIDER_TIMEOUT_MS: '2000', ...env }, () =>
      fake.close(),
    );
    return { chat, fake };
  }

  /** With no provider settings, the demo provider answers (started here, as the launcher does). */
  static async start(env: Partial<Record<string, string>>, closeAlso: () => Promise<void> = async () => undefined): Promise<ChatHarness> {
    const bus = await createTestBus();
    const issuer = await createTestIssuer();
    const parsed: ChatProviderEnv = chatProviderEnv.parse(env);
    const demo = parsed.CHAT_PROVIDER === 'demo' && !parsed.DEMO_AGENT_PROVIDER_URL ? await startDemoProvider({ host: '127.0.0.1' }) : undefined;
    if (demo) parsed.DEMO_AGENT_PROVIDER_URL = demo.url;
    const service = await startTestService(createChatService({ env: parsed }), { bus: bus.bus, jwksUrl: issuer.jwksUrl });
    return new ChatHarness(bus, issuer, service, async () => {
      await demo?.close();
      await closeAlso();
    });
  }

  get url(): string {
    return this.service.url;
  }

  get db() {
    return this.service.context.db;
  }

  async user(options: { tier?: SubscriptionTier; admin?: boolean } = {}): Promise<User> {
    const id = randomUUID();
    const token = await this.issuer.issue({ sub: id, email: `u-${id.slice(0, 8)}@example.com`, admin: options.admin ?? false, tier: options.tier ?? 'free' });
    return { id, auth: { authorization: `Bearer ${token}` } };
  }

  /**
   * A starter team with these members (the first one its owner) and `seats`, once chat has consumed
   * every event: on JetStream memberships and the subscription are consumed independently.
   */
  async team(members: Array<{ user: User; role: 'owner' | 'admin' | 'member' }>, seats: number, subscriptionId: string): Promise<string> {
    const organisationId = randomUUID();
    for (const [index, { user, role }] of members.entries()) {
      await this.publish(organisationMemberJoinedV1, { organisationId, userId: user.id, role, members: index + 1 });
    }
    await this.publish(teamSubscriptionActivatedV1, {
      organisationId,
      subscriptionId,
      tier: 'starter',
      seats,
      billingPeriod: 'monthly',
      periodStart: new Date(Date.now() - 86_400_000).toISOString(),
      periodEnd: new Date(Date.now() + 29 * 86_400_000).toISOString(),
    });
    await eventually(async () => {
      const response = await fetch(`${this.url}${endpointUrl(CHAT_POOL_ENDPOINTS.pool, { orgId: organisationId })}`, { headers: members[0]!.user.auth });
      const pool = (await response.json()) as { seats?: number; members?: unknown[] };
      return pool.seats === seats && pool.members?.length === members.length;
    });
    return organisationId;
  }

  async publish<TType extends string, TData extends z.ZodType>(event: EventDefinition<TType, TData>, data: z.infer<TData>, id: string = randomUUID()): Promise<string> {
    await this.bus.bus.publish(event.subject, { id, type: event.type, version: event.version, occurredAt: new Date().toISOString(), source: 'test', data });
    return id;
  }

  /** Publishes an agent as svc-catalog would and waits until chat's read model has it. */
  async agent(fields: Partial<AdminAgent> = {}): Promise<AdminAgent> {
    const agent = adminAgentFixture({ id: randomUUID(), key: `agent-${randomUUID().slice(0, 8)}`, providerAgentId: 'demo-meeting-prep', ...fields });
    await this.publish(agentChangedV1, { change: 'created', agent });
    await eventually(async () => (await this.db.select().from(chatAgents).where(eq(chatAgents.id, agent.id))).length > 0);
    return agent;
  }

  /** Publishes a version of the agent's behaviour as svc-catalog would and waits until chat answers with it. */
  async publishVersion(agent: { id: string; key: string }, version: number, behaviour: AgentBehaviourInput): Promise<void> {
    const data = {
      agentId: agent.id,
      key: agent.key,
      version,
      behaviour: agentBehaviour.parse(behaviour),
      publishedAt: new Date().toISOString(),
      publishedBy: { id: 'admin', email: null },
    };
    await this.publish(agentPublishedV1, data);
    await eventually(async () => (await this.db.select().from(chatAgents).where(eq(chatAgents.id, agent.id)))[0]?.publishedVersion === version);
  }

  /**
   * Issues an API key for the user as svc-identity would (its `identity.api-key.issued` event, the
   * secret's SHA-256 only) and waits until chat's read model has it. Answers the key's id and the
   * secret, and the headers of a request made with it.
   */
  async apiKey(user: { id: string }, fields: Partial<EventData<typeof apiKeyIssuedV1>> = {}): Promise<{ id: string; secret: string; auth: { authorization: string } }> {
    const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const id = fields.keyId ?? randomUUID();
    await this.publish(apiKeyIssuedV1, {
      keyId: id,
      userId: user.id,
      name: 'test key',
      secretHash: createHash('sha256').update(secret).digest('hex'),
      lastFour: secret.slice(-4),
      monthlyCreditCap: null,
      allowedAgents: null,
      expiresAt: null,
      createdAt: new Date().toISOString(),
      ...fields,
    });
    await eventually(async () => (await this.db.select().from(chatApiKeys).where(eq(chatApiKeys.id, id)))[0]?.secretHash ?? undefined);
    return { id, secret, auth: { authorization: `Bearer ${secret}` } };
  }

  /** Brings the wallet's plan credits to `credits` through the ledger (an admin adjustment), so the ledger still sums to the balance. */
  async setPlanCredits(userId: string, credits: number): Promise<void> {
    await inTransaction(this.db, async (tx) => {
      const wallet = await lockWallet(tx, userId);
      const change = credits - wallet.creditsRemaining;
      if (change !== 0) await adjustCredits(tx, { userId, credits: change, reason: 'test set-up', actorId: randomUUID() });
    });
  }

  async setWallet(userId: string, values: Partial<typeof chatWallets.$inferInsert>): Promise<void> {
    await this.db.update(chatWallets).set(values).where(eq(chatWallets.userId, userId));
  }

  async wallet(userId: string) {
    const [row] = await this.db.select().from(chatWallets).where(eq(chatWallets.userId, userId));
    return row;
  }

  async close(): Promise<void> {
    await this.service.cleanup();
    await this.issuer.close();
    await this.bus.destroy();
    await this.closeProvider();
  }
}

/** Reads a server-sent event stream body into its events. */
export function parseSse(text: string): Array<{ event: string; data: unknown }> {
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? 'null';
      return { event, data: JSON.parse(data) as unknown };
    });
}
