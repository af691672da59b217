import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { closeHttpServer, createLogger, serverUrl, startHttpServer } from '@agentdock/service-kit';
import { JetStreamBus } from '@agentdock/service-data';
import { eventually, type RunningProcess, runServiceProcess, freePort } from '@agentdock/service-kit/testing';
import { createTestDatabase, type TestDatabase } from '@agentdock/service-data/testing';
import { createGateway } from '../src/app';
import { loadGatewayConfig, UPSTREAM_NAMES, type UpstreamName } from '../src/config';

// Production shape: each service its own process with its own PostgreSQL database, events over
// NATS JetStream, the gateway in front. Runs on CI's PostgreSQL/NATS stage.
const onPostgresAndNats = process.env.TEST_DATABASE_URL && process.env.TEST_NATS_URL ? describe : describe.skip;

const repoRoot = join(__dirname, '..', '..');
const MAILBOX_TOKEN = 'drill-mailbox-token-0123456789';
const ADMIN_EMAIL = 'admin@drill.example.com';
const PASSWORD = 'correct horse battery';

interface Replica {
  name: UpstreamName;
  port: number;
  database: TestDatabase;
  run?: RunningProcess;
}

onPostgresAndNats('one service stopped at a time behind the gateway (PostgreSQL, NATS, separate processes)', () => {
  const suffix = randomUUID().replaceAll('-', '').slice(0, 10);
  const nats = { NATS_URL: process.env.TEST_NATS_URL!, NATS_STREAM: `DRILL_${suffix}`, NATS_NAMESPACE: `d${suffix}` };
  const services = new Map<UpstreamName, Replica>();
  let gateway: Server;
  let base: string;
  const mfaKey = randomBytes(32).toString('base64');
  const identityUrl = () => `http://127.0.0.1:${services.get('identity')!.port}`;

  const start = async (replica: Replica) => {
    const env: Record<string, string> = {
      ...nats,
      PORT: String(replica.port),
      HOST: '127.0.0.1',
      DATABASE_URL: (replica.database.target as { url: string }).url,
      JWKS_URL: `${identityUrl()}/api/identity/.well-known/jwks.json`,
      // The drill's admin signs in with a password only.
      ADMIN_REQUIRE_MFA: 'false',
    };
    if (replica.name === 'identity') {
      // Outside the embedded default the authenticator-secret key has no default (it must survive restarts).
      Object.assign(env, { MAILBOX_ENABLED: 'true', MAILBOX_TOKEN, ADMIN_EMAILS: ADMIN_EMAIL, PUBLIC_URL: 'http://localhost:3000', MFA_ENCRYPTION_KEY: mfaKey });
    }
    if (replica.name === 'chat') env.DEMO_AGENT_PROVIDER_URL = 'http://127.0.0.1:9/v1';
    // Stripe is never called here; the secrets have no default outside the embedded one.
    if (replica.name === 'billing') Object.assign(env, { STRIPE_SECRET_KEY: 'sk_test_outage_drill', STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('hex')}` });
    replica.run = runServiceProcess(join(repoRoot, `svc-${replica.name}`), 'src/main.ts', [], env);
    await eventually(async () => (await fetch(`http://127.0.0.1:${replica.port}/readyz`).catch(() => undefined))?.ok, 90_000).catch((error: unknown) => {
      throw new Error(`svc-${replica.name} did not become ready: ${replica.run?.output()}`, { cause: error });
    });
  };

  const api = async (path: string, init: { method?: string; token?: string; body?: unknown } = {}) => {
    const response = await fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.body ? { 'content-type': 'application/json' } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, any>) : {} };
  };

  /** Signs up, confirms through the local mailbox's link, and returns the session's access token and user id. */
  const signUp = async (email: string): Promise<{ token: string; userId: string }> => {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    expect((await api('/api/identity/signup', { method: 'POST', body: { email, password: PASSWORD, fullName: 'Drill User', codeChallenge: challenge } })).status).toBe(201);
    const link = await eventually(async () => {
      const response = await fetch(`${base}/api/identity/dev/mailbox/messages?to=${encodeURIComponent(email)}`, { headers: { 'x-mailbox-token': MAILBOX_TOKEN } });
      const { messages } = (await response.json()) as { messages: Array<{ subject: string; links: string[] }> };
      return messages.find((message) => /Confirm/.test(message.subject))?.links[0];
    });
    const code = new URL(link).searchParams.get('code');
    const session = await api('/api/identity/token/exchange', { method: 'POST', body: { code, codeVerifier: verifier } });
    expect(session.status).toBe(200);
    return { token: session.body.accessToken as string, userId: session.body.user.id as string };
  };

  beforeAll(async () => {
    for (const name of UPSTREAM_NAMES) services.set(name, { name, port: await freePort(), database: await createTestDatabase() });
    // Identity first: the others fetch its signing keys.
    await start(services.get('identity')!);
    await Promise.all(['catalog', 'billing', 'chat'].map((name) => start(services.get(name as UpstreamName)!)));
    const config = loadGatewayConfig({
      PORT: '0',
      ...Object.fromEntries(UPSTREAM_NAMES.map((name) => [`${name.toUpperCase()}_URL`, `http://127.0.0.1:${services.get(name)!.port}`])),
      RATE_LIMIT_PER_MINUTE: '100000000',
    });
    gateway = await startHttpServer(createGateway(config, createLogger({ service: 'gateway-drill', level: 'silent' })), { port: 0, host: '127.0.0.1' });
    base = serverUrl(gateway);
  }, 240_000);

  afterAll(async () => {
    if (gateway) await closeHttpServer(gateway);
    for (const replica of services.values()) {
      replica.run?.child.kill('SIGKILL');
      await replica.database.drop();
    }
    const bus = await JetStreamBus.connect({
      servers: nats.NATS_URL,
      stream: nats.NATS_STREAM,
      namespace: nats.NATS_NAMESPACE,
      logger: createLogger({ service: 'drill', level: 'silent' }),
    });
    await bus.destroyStream();
    await bus.close();
  });

  it('answers the stopped service’s routes with a quick 503, keeps the others working, and delivers what was published meanwhile', async () => {
    const admin = await signUp(ADMIN_EMAIL);
    const customer = await signUp(`customer-${suffix}@drill.example.com`);
    const suspended = await signUp(`suspended-${suffix}@drill.example.com`);
    // One read per service, with a token each service checks against identity's keys.
    const probes: Record<UpstreamName, () => ReturnType<typeof api>> = {
      identity: () => api('/api/identity/me', { token: customer.token }),
      catalog: () => api('/api/catalog/plans'),
      billing: () => api('/api/billing/subscriptions', { token: customer.token }),
      chat: () => api('/api/chat/wallet', { token: customer.token }),
    };
    for (const name of UPSTREAM_NAMES) expect({ name, status: (await probes[name]()).status }).toEqual({ name, status: 200 });
    expect((await api('/api/catalog/agents/available', { token: suspended.token })).status).toBe(200);
    expect((await api(`/api/chat/admin/wallets?userIds=${customer.userId}`, { token: admin.token })).body.wallets[0].tier).toBe('free');

    // What each stopped service must catch up on once it is back (identity consumes only billing's
    // payment events, which need a card checkout; its drill is the outage and the recovery).
    const meanwhile: Partial<Record<UpstreamName, { publish(): Promise<void>; consumed(): Promise<boolean> }>> = {
      chat: {
        publish: async () =>
          expect((await api(`/api/identity/admin/users/${customer.userId}`, { method: 'PATCH', token: admin.token, body: { subscriptionTier: 'starter' } })).status).toBe(200),
        consumed: async () => {
          const { body } = await api(`/api/chat/admin/wallets?userIds=${customer.userId}`, { token: admin.token });
          return body.wallets?.[0]?.tier === 'starter';
        },
      },
      catalog: {
        publish: async () =>
          expect((await api(`/api/identity/admin/users/${suspended.userId}`, { method: 'PATCH', token: admin.token, body: { isSuspended: true } })).status).toBe(200),
        consumed: async () => (await api('/api/catalog/agents/available', { token: suspended.token })).status === 403,
      },
    };

    for (const name of UPSTREAM_NAMES) {
      const replica = services.get(name)!;
      replica.run!.child.kill('SIGTERM');
      expect(await replica.run!.exited).toBe(0);

      const started = performance.now();
      const down = await probes[name]();
      expect({ name, status: down.status, code: down.body.error?.code }).toEqual({ name, status: 503, code: 'upstream_unavailable' });
      expect(down.body.error.message).toBe(`The ${name} service is unavailable. Please try again shortly.`);
      expect(performance.now() - started).toBeLessThan(1_000);
      for (const other of UPSTREAM_NAMES.filter((candidate) => candidate !== name)) {
        expect({ while: `${name} is down`, other, status: (await probes[other]()).status }).toEqual({ while: `${name} is down`, other, status: 200 });
      }
      await meanwhile[name]?.publish();

      await start(replica);
      expect((await probes[name]()).status).toBe(200);
      if (meanwhile[name]) {
        await eventually(meanwhile[name].consumed, 30_000).catch((error: unknown) => {
          throw new Error(`svc-${name} did not consume what was published while it was down`, { cause: error });
        });
      }
    }

    // Applied once: the customer's wallet is the Starter allowance, not two resets' worth or none.
    const wallet = (await api(`/api/chat/admin/wallets?userIds=${customer.userId}`, { token: admin.token })).body.wallets[0];
    expect(wallet.creditsRemaining).toBe(wallet.creditsLimit);
  }, 400_000);
});
