import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { type AdminAgent, agentChangedV1, apiKeyCreated, endpointUrl, IDENTITY_ENDPOINTS, session } from '@agentdock/contracts';
import { adminAgentFixture } from '@agentdock/contracts/testing';
import { startDemoProvider, type RunningDemoProvider } from '@agentdock/local-agent-provider';
import { createTestBus, startTestService, TEST_GATEWAY_SECRET, type TestBus, type TestService } from '@agentdock/service-data/testing';
import { closeHttpServer, createLogger, serverUrl, startHttpServer } from '@agentdock/service-kit';
import { eventually } from '@agentdock/service-kit/testing';
import { chatProviderEnv, createChatService } from '@agentdock/svc-chat';
import type { ChatSchema } from '@agentdock/svc-chat/schema';
import express from 'express';
import OpenAI from 'openai';
import request from 'supertest';
import { codeFrom, type IdentityHarness, latestEmail, PASSWORD, pkce, startIdentity, uniqueEmail } from '../../svc-identity/test/helpers';
import { createGateway, type Gateway } from '../src/app';
import { loadGatewayConfig } from '../src/config';

// The promise: a revoked key is refused on its next request, within a second.
const REVOKED_WITHIN_MS = 1_000;
const POLL_EVERY_MS = 50;

const DRIVERS = `${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${process.env.TEST_NATS_URL ? 'NATS' : 'in-process bus'}`;

/**
 * The public API as a customer's code meets it: the official `openai` package against the real
 * gateway, with svc-identity issuing the key and svc-chat (behind it the demo agent provider)
 * serving /v1, the two on one event bus as in production. Runs on PGlite and an in-process bus in
 * `npm test`, on PostgreSQL and NATS JetStream with TEST_DATABASE_URL and TEST_NATS_URL (CI).
 */
describe(`the public API through the gateway with the official OpenAI SDK (${DRIVERS})`, () => {
  let bus: TestBus;
  let provider: RunningDemoProvider;
  let identity: IdentityHarness;
  let chat: TestService<ChatSchema>;
  let shell: Server;
  let gateway: Gateway;
  let server: Server;
  let base: string;
  let agent: AdminAgent;
  /** The customer's session (from the confirmation link) and their key's secret. */
  let accessToken: string;
  let secret: string;

  beforeAll(async () => {
    bus = await createTestBus();
    provider = await startDemoProvider({ host: '127.0.0.1', tokenDelayMs: 0 });
    identity = await startIdentity(undefined, bus);
    const jwksUrl = `${identity.url}/api/identity/.well-known/jwks.json`;
    // The revocation test polls faster than a free key's default per-minute limit allows.
    const env = chatProviderEnv.parse({ DEMO_AGENT_PROVIDER_URL: provider.url, API_RATE_LIMIT_PER_MINUTE_FREE: '10000' });
    chat = await startTestService(createChatService({ env }), { bus: bus.bus, jwksUrl });
    // A shell that answers every path with a page: whatever reached it would come back as HTML.
    shell = await startHttpServer(
      express().use((_req, res) => void res.type('html').send('<!doctype html><title>shell</title>')),
      { port: 0, host: '127.0.0.1' },
    );
    const config = loadGatewayConfig({
      PORT: '0',
      IDENTITY_URL: identity.url,
      CHAT_URL: chat.url,
      SHELL_URL: serverUrl(shell),
      JWKS_URL: jwksUrl,
      GATEWAY_SECRET: TEST_GATEWAY_SECRET,
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    gateway = createGateway(config, createLogger({ service: 'gateway-test', level: 'silent' }));
    server = await startHttpServer(gateway, { port: 0, host: '127.0.0.1' });
    base = serverUrl(server);

    agent = await publishAgent();
    ({ accessToken } = await signUpThroughGateway());
    secret = (await createKey('platform test')).secret;
    // The key (identity's outbox → the bus → chat's read model) and the agent are both in chat once it lists the agent.
    await eventually(async () =>
      (
        await client(secret)
          .models.list()
          .catch(() => undefined)
      )?.data.some((model) => model.id === agent.key),
    );
  });

  afterAll(async () => {
    if (server) await closeHttpServer(server);
    await gateway?.close();
    if (shell) await closeHttpServer(shell);
    await chat?.cleanup();
    await identity?.close();
    await provider?.close();
    await bus?.destroy();
  });

  const client = (apiKey: string) => new OpenAI({ apiKey, baseURL: `${base}/v1`, maxRetries: 0 });

  /** An agent as svc-catalog publishes it, answered by the demo provider. */
  async function publishAgent(): Promise<AdminAgent> {
    const published = adminAgentFixture({ id: randomUUID(), key: `meeting-prep-${randomUUID().slice(0, 8)}` });
    const data = { change: 'created' as const, agent: published };
    await bus.bus.publish(agentChangedV1.subject, {
      id: randomUUID(),
      type: agentChangedV1.type,
      version: agentChangedV1.version,
      occurredAt: published.createdAt,
      source: 'test',
      data,
    });
    return published;
  }

  /** Signs up and confirms through the emailed link, every request through the gateway: the link's session is a recent sign-in. */
  async function signUpThroughGateway(): Promise<{ accessToken: string }> {
    const email = uniqueEmail('api-customer');
    const { verifier, challenge } = pkce();
    await request(base).post('/api/identity/signup').send({ email, password: PASSWORD, fullName: 'Ada Lovelace', codeChallenge: challenge }).expect(201);
    const message = await latestEmail(base, email, /Confirm/);
    const exchanged = await request(base)
      .post('/api/identity/token/exchange')
      .send({ code: codeFrom(message.links[0]!), codeVerifier: verifier })
      .expect(200);
    return { accessToken: session.parse(exchanged.body).accessToken };
  }

  async function createKey(name: string) {
    const response = await request(base).post(endpointUrl(IDENTITY_ENDPOINTS.createApiKey)).set('authorization', `Bearer ${accessToken}`).send({ name }).expect(201);
    return apiKeyCreated.parse(response.body);
  }

  async function caught(promise: Promise<unknown>): Promise<unknown> {
    return promise.then(
      () => undefined,
      (error: unknown) => error,
    );
  }

  it('lists the agents the key may use as OpenAI models', async () => {
    const { data } = await client(secret).models.list();
    expect(data).toContainEqual({ id: agent.key, object: 'model', created: Math.floor(Date.parse(agent.createdAt) / 1000), owned_by: 'agentdock' });
    expect(await client(secret).models.retrieve(agent.key)).toMatchObject({ id: agent.key, object: 'model', owned_by: 'agentdock' });
  });

  it('answers a completion in OpenAI’s shape, with usage', async () => {
    const { data: completion, response } = await client(secret)
      .chat.completions.create({ model: agent.key, messages: [{ role: 'user', content: 'Prepare my board meeting' }], max_tokens: 40 })
      .withResponse();
    expect(response.headers.get('x-ratelimit-limit-requests')).toBe('10000');
    expect(response.headers.get('x-request-id')).toBeTruthy();
    expect(completion).toMatchObject({ object: 'chat.completion', model: agent.key, choices: [{ index: 0, message: { role: 'assistant' } }] });
    expect(completion.id).toMatch(/^chatcmpl-/);
    expect(completion.choices[0]!.message.content).toBeTruthy();
    expect(['stop', 'length']).toContain(completion.choices[0]!.finish_reason);
    const usage = completion.usage!;
    expect(usage.prompt_tokens).toBeGreaterThan(0);
    expect(usage.completion_tokens).toBeGreaterThan(0);
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
  });

  it('streams a completion chunk by chunk, ending with the usage when asked', async () => {
    const stream = await client(secret).chat.completions.create({
      model: agent.key,
      messages: [{ role: 'user', content: 'Three questions to ask an investor' }],
      max_tokens: 40,
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks: OpenAI.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk' && chunk.model === agent.key)).toBe(true);
    expect(new Set(chunks.map((chunk) => chunk.id)).size).toBe(1);
    const text = chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');
    expect(text.length).toBeGreaterThan(0);
    expect(chunks.filter((chunk) => chunk.choices[0]?.delta.content).length).toBeGreaterThan(1);
    expect(chunks.some((chunk) => ['stop', 'length'].includes(chunk.choices[0]?.finish_reason ?? ''))).toBe(true);
    const last = chunks.at(-1)!;
    expect(last.choices).toEqual([]);
    expect(last.usage!.completion_tokens).toBeGreaterThan(0);
    expect(last.usage!.total_tokens).toBe(last.usage!.prompt_tokens + last.usage!.completion_tokens);
  });

  it(`refuses a key revoked through the gateway on its next request, within ${REVOKED_WITHIN_MS} ms of the revocation`, async () => {
    const { key, secret: revoked } = await createKey('revoked soon');
    await eventually(
      async () =>
        (await client(revoked)
          .models.list()
          .catch(() => undefined)) !== undefined,
    );
    await request(base)
      .delete(endpointUrl(IDENTITY_ENDPOINTS.revokeApiKey, { keyId: key.id }))
      .set('authorization', `Bearer ${accessToken}`)
      .expect(204);
    const revokedAt = performance.now();
    let error = await caught(client(revoked).models.list());
    while (error === undefined && performance.now() - revokedAt < REVOKED_WITHIN_MS) {
      await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
      error = await caught(client(revoked).models.list());
    }
    const elapsed = performance.now() - revokedAt;
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(error).toMatchObject({ status: 401, code: 'invalid_api_key', type: 'invalid_request_error' });
    expect(elapsed).toBeLessThan(REVOKED_WITHIN_MS);
    // Only that key: the customer's other key still works.
    expect((await client(secret).models.list()).data.length).toBeGreaterThan(0);
  });

  it('refuses a made-up key with 401 invalid_api_key', async () => {
    const error = await caught(client(`adk_${randomUUID().replaceAll('-', '')}made-up`).models.list());
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(error).toMatchObject({ status: 401, code: 'invalid_api_key', type: 'invalid_request_error', param: null });
    const completion = await caught(client('adk_not-a-real-key').chat.completions.create({ model: agent.key, messages: [{ role: 'user', content: 'Hi' }] }));
    expect(completion).toBeInstanceOf(OpenAI.AuthenticationError);
  });

  it.each([
    ['GET', '/v1'],
    ['GET', '/v1/'],
    ['GET', '/v1/models'],
    ['GET', '/v1/no/such/page'],
    ['GET', '/v1/chat/completions'],
    ['POST', '/v1/chat/completions'],
  ])('never answers %s %s with HTML, even to a browser', async (method, path) => {
    const response = await fetch(`${base}${path}`, { method, headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = await response.text();
    expect(body).not.toMatch(/^\s*</);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(JSON.parse(body)).toEqual({ error: { message: expect.any(String), type: expect.any(String), code: expect.any(String), param: null } });
  });
});
