import { session as sessionBody } from '@agentdock/contracts';
import { createTestBus, startTestService, type TestBus, type TestService } from '@agentdock/service-data/testing';
import { chatProviderEnv, createChatService } from '@agentdock/svc-chat';
import type { ChatSchema } from '@agentdock/svc-chat/schema';
import request from 'supertest';
import { bearer, type IdentityHarness, PASSWORD, signUpConfirmed, startIdentity } from './helpers';

// Spelled out: the promise is that other services stop honouring an ended session within this.
const WITHIN_MS = 5_000;

/**
 * Identity and another service on one event bus, the other verifying tokens with identity's keys
 * as in production: a session that ends is refused there through the event, with no call back.
 */
describe(`an ended session across services (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let bus: TestBus;
  let identity: IdentityHarness;
  let chat: TestService<ChatSchema>;
  beforeAll(async () => {
    bus = await createTestBus();
    identity = await startIdentity(undefined, bus);
    // Only the wallet is read here: no reply is asked for, so the agent provider is never called.
    chat = await startTestService(createChatService({ env: chatProviderEnv.parse({ DEMO_AGENT_PROVIDER_URL: 'http://127.0.0.1:9' }) }), {
      bus: bus.bus,
      jwksUrl: `${identity.url}/api/identity/.well-known/jwks.json`,
    });
  });
  afterAll(async () => {
    await chat?.cleanup();
    await identity?.close();
    await bus?.destroy();
  });

  it('refuses a token whose session a password change ended within 5 s on chat’s endpoints, and keeps the owner’s', async () => {
    const { email } = await signUpConfirmed(identity.url);
    const signIn = async () => sessionBody.parse((await request(identity.url).post('/api/identity/signin/password').send({ email, password: PASSWORD }).expect(200)).body);
    const stolen = await signIn();
    const owner = await signIn();
    const wallet = (token: string) => request(chat.url).get('/api/chat/wallet').set(bearer(token));
    expect((await wallet(stolen.accessToken)).status).not.toBe(401);

    await request(identity.url).post('/api/identity/me/password').set(bearer(owner.accessToken)).send({ password: 'the owner’s new one', currentPassword: PASSWORD }).expect(200);
    const ended = Date.now();
    let answer = await wallet(stolen.accessToken);
    while (answer.status !== 401 && Date.now() - ended < WITHIN_MS) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await wallet(stolen.accessToken);
    }
    expect([answer.status, answer.body.error?.code]).toEqual([401, 'session_revoked']);
    expect(Date.now() - ended).toBeLessThan(WITHIN_MS);
    expect((await wallet(owner.accessToken)).status).not.toBe(401);
  });
});
