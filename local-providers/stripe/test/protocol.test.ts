import Stripe from 'stripe';
import { startLocalStripe, type RunningLocalStripe } from '../src/index';

const SECRET_KEY = 'sk_test_protocol';

// The official SDK against the local server: what Stripe's protocol promises beyond object shapes.
describe('local Stripe server: idempotent requests and request ids, as Stripe answers them', () => {
  let server: RunningLocalStripe;
  let stripe: Stripe;

  beforeAll(async () => {
    server = await startLocalStripe({ port: 0, secretKey: SECRET_KEY, webhookSecret: 'whsec_protocol', cancelUnpaidAfterDays: 7 });
    stripe = new Stripe(SECRET_KEY, { host: '127.0.0.1', port: server.port, protocol: 'http', maxNetworkRetries: 0 });
  });
  afterAll(() => server.close());

  it('runs a request once per idempotency key and replays the first answer with Idempotent-Replayed', async () => {
    const params = { email: 'a@example.com', metadata: { userId: 'u1' } };
    const first = await stripe.customers.create(params, { idempotencyKey: 'customer-u1' });
    const again = await stripe.customers.create({ metadata: { userId: 'u1' }, email: 'a@example.com' }, { idempotencyKey: 'customer-u1' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(first.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    expect([...server.engine.store.customers.values()].filter((customer) => customer.metadata.userId === 'u1')).toHaveLength(1);
  });

  it('refuses the same key with other parameters (idempotency_error) and creates nothing', async () => {
    await stripe.customers.create({ email: 'b@example.com' }, { idempotencyKey: 'key-b' });
    const count = server.engine.store.customers.size;
    const refused = await stripe.customers.create({ email: 'c@example.com' }, { idempotencyKey: 'key-b' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(refused).toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' });
    expect(server.engine.store.customers.size).toBe(count);
  });

  it('gives concurrent first requests with one key one customer', async () => {
    const retrying = new Stripe(SECRET_KEY, { host: '127.0.0.1', port: server.port, protocol: 'http', maxNetworkRetries: 3 });
    const created = await Promise.all(Array.from({ length: 5 }, () => retrying.customers.create({ email: 'd@example.com' }, { idempotencyKey: 'customer-d' })));
    expect(new Set(created.map((customer) => customer.id)).size).toBe(1);
  });

  it('names every answer, errors included, with a Request-Id', async () => {
    const customer = await stripe.customers.create({});
    expect(customer.lastResponse.requestId).toMatch(/^req_/);
    const missing = await stripe.customers.retrieve('cus_missing').catch((error: unknown) => error);
    expect(missing).toMatchObject({ code: 'resource_missing', requestId: expect.stringMatching(/^req_/) });
  });
});

describe('local Stripe server: the hosted checkout page says what is bought', () => {
  let server: RunningLocalStripe;
  let stripe: Stripe;
  beforeAll(async () => {
    server = await startLocalStripe({ port: 0, secretKey: SECRET_KEY, webhookSecret: 'whsec_protocol', cancelUnpaidAfterDays: 7 });
    stripe = new Stripe(SECRET_KEY, { host: '127.0.0.1', port: server.port, protocol: 'http', maxNetworkRetries: 0 });
  });
  afterAll(() => server.close());

  it('names the plan, the annual price and what it comes to per month', async () => {
    const customer = await stripe.customers.create({});
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_starter_annual', quantity: 1 }],
      success_url: 'http://app.test/done',
    });
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('<h1>Subscribe to Starter</h1>');
    expect(page).toContain('$540.00 per year ($45.00 per month, billed annually)');
  });
});

describe('local Stripe server: authentication as Stripe takes it', () => {
  let server: RunningLocalStripe;
  beforeAll(async () => {
    server = await startLocalStripe({ port: 0, secretKey: SECRET_KEY, webhookSecret: 'whsec_protocol', cancelUnpaidAfterDays: 7 });
  });
  afterAll(() => server.close());

  it('accepts the key as Bearer token or Basic auth user name (curl -u sk_…:) and refuses anything else', async () => {
    const call = (authorization: string) => fetch(`${server.url}/v1/customers`, { method: 'POST', headers: { authorization } });
    expect((await call(`Bearer ${SECRET_KEY}`)).status).toBe(200);
    expect((await call(`Basic ${Buffer.from(`${SECRET_KEY}:`).toString('base64')}`)).status).toBe(200);
    expect((await call(`Basic ${Buffer.from('sk_test_wrong:').toString('base64')}`)).status).toBe(401);
    expect((await call('Bearer sk_test_wrong')).status).toBe(401);
  });
});
