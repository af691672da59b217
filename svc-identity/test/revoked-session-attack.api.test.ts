import { session as sessionBody } from '@agentdock/contracts';
import { startLocalStripe, type RunningLocalStripe } from '@agentdock/local-stripe';
import { createTestBus, startTestService, type TestBus, type TestService } from '@agentdock/service-data/testing';
import { createBillingService } from '@agentdock/svc-billing';
import { chatProviderEnv, createChatService } from '@agentdock/svc-chat';
import type { ChatSchema } from '@agentdock/svc-chat/schema';
import request from 'supertest';
import { bearer, type IdentityHarness, PASSWORD, signUpConfirmed, startIdentity } from './helpers';

// Spelled out: the promise is that other services stop honouring an ended session within this.
const WITHIN_MS = 5_000;

const STRIPE_SECRET_KEY = 'sk_test_revoked_session';
const STRIPE_WEBHOOK_SECRET = 'whsec_revoked_session';

/** svc-billing as its own tests start it: against the local Stripe-protocol server. */
async function startBilling(stripe: RunningLocalStripe, bus: TestBus, jwksUrl: string) {
  const service = await startTestService(
    createBillingService({
      stripe: { secretKey: STRIPE_SECRET_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET, host: '127.0.0.1', port: stripe.port, protocol: 'http' },
      appUrl: 'http://app.test',
      graceDays: 7,
    }),
    { bus: bus.bus, jwksUrl },
  );
  stripe.engine.webhookUrl = `${service.url}/api/billing/webhooks/stripe`;
  return service;
}

/**
 * Identity and other services on one event bus, the others verifying tokens with identity's keys
 * as in production: a session that ends is refused there through the event, with no call back.
 */
describe(`an ended session across services (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let bus: TestBus;
  let identity: IdentityHarness;
  let chat: TestService<ChatSchema>;
  let stripe: RunningLocalStripe;
  let billing: Awaited<ReturnType<typeof startBilling>>;
  beforeAll(async () => {
    bus = await createTestBus();
    identity = await startIdentity(undefined, bus);
    const jwksUrl = `${identity.url}/api/identity/.well-known/jwks.json`;
    // Only the wallet is read here: no reply is asked for, so the agent provider is never called.
    chat = await startTestService(createChatService({ env: chatProviderEnv.parse({ DEMO_AGENT_PROVIDER_URL: 'http://127.0.0.1:9' }) }), { bus: bus.bus, jwksUrl });
    stripe = await startLocalStripe({ port: 0, secretKey: STRIPE_SECRET_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET, cancelUnpaidAfterDays: 7 });
    billing = await startBilling(stripe, bus, jwksUrl);
  });
  afterAll(async () => {
    await billing?.cleanup();
    await stripe?.close();
    await chat?.cleanup();
    await identity?.close();
    await bus?.destroy();
  });

  /** Signs the same user in twice (the thief's copy and the owner's), then the owner changes the password. */
  async function stolenAndOwner() {
    const { email } = await signUpConfirmed(identity.url);
    const signIn = async () => sessionBody.parse((await request(identity.url).post('/api/identity/signin/password').send({ email, password: PASSWORD }).expect(200)).body);
    const stolen = await signIn();
    const owner = await signIn();
    const changePassword = async () => {
      await request(identity.url).post('/api/identity/me/password').set(bearer(owner.accessToken)).send({ password: 'the owner’s new one', currentPassword: PASSWORD }).expect(200);
      return Date.now();
    };
    return { stolen, owner, changePassword };
  }

  /** Asks until the answer is 401 or WITHIN_MS has passed since `ended`. */
  async function refusedWithin(call: () => Promise<request.Response>, ended: number): Promise<request.Response> {
    let answer = await call();
    while (answer.status !== 401 && Date.now() - ended < WITHIN_MS) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await call();
    }
    return answer;
  }

  it('refuses a token whose session a password change ended within 5 s on chat’s endpoints, and keeps the owner’s', async () => {
    const { stolen, owner, changePassword } = await stolenAndOwner();
    const wallet = (token: string) => request(chat.url).get('/api/chat/wallet').set(bearer(token));
    expect((await wallet(stolen.accessToken)).status).not.toBe(401);

    const ended = await changePassword();
    const answer = await refusedWithin(() => wallet(stolen.accessToken), ended);
    expect([answer.status, answer.body.error?.code]).toEqual([401, 'session_revoked']);
    expect(Date.now() - ended).toBeLessThan(WITHIN_MS);
    expect((await wallet(owner.accessToken)).status).not.toBe(401);
  });

  it('refuses a token whose session a password change ended within 5 s on billing’s endpoints, and keeps the owner’s', async () => {
    const { stolen, owner, changePassword } = await stolenAndOwner();
    const subscriptions = (token: string) => request(billing.url).get('/api/billing/subscriptions').set(bearer(token));
    expect((await subscriptions(stolen.accessToken)).status).toBe(200);

    const ended = await changePassword();
    const answer = await refusedWithin(() => subscriptions(stolen.accessToken), ended);
    expect([answer.status, answer.body.error?.code]).toEqual([401, 'session_revoked']);
    expect(Date.now() - ended).toBeLessThan(WITHIN_MS);
    expect((await subscriptions(owner.accessToken)).status).toBe(200);
  });
});
