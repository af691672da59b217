import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { startLocalStripe, type RunningLocalStripe } from '../src/index';

const SECRET_KEY = 'sk_test_delivery';
const WEBHOOK_SECRET = 'whsec_delivery';

interface Received {
  id: string;
  type: string;
  at: number;
}

/** A webhook receiver that verifies signatures and answers each attempt with what `answer` says. */
async function receiver(answer: (attempt: number) => number) {
  const received: Received[] = [];
  let attempts = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const event = Stripe.webhooks.constructEvent(Buffer.concat(chunks), String(req.headers['stripe-signature']), WEBHOOK_SECRET);
      attempts += 1;
      const status = answer(attempts);
      if (status < 300) received.push({ id: event.id, type: event.type, at: Date.now() });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    attempts: () => attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function checkoutAndPay(server: RunningLocalStripe): Promise<number> {
  const stripe = new Stripe(SECRET_KEY, { host: '127.0.0.1', port: server.port, protocol: 'http', maxNetworkRetries: 0 });
  const customer = await stripe.customers.create({});
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: 'price_starter_monthly', quantity: 1 }],
    success_url: 'http://app.test/done',
  });
  const paid = await fetch(session.url!, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ cardNumber: '4242424242424242' }) });
  expect(paid.status).toBe(303);
  return Date.now();
}

describe('local Stripe server: webhook delivery as Stripe does it', () => {
  let server: RunningLocalStripe | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers the API call first, then delivers; a refused delivery is retried with backoff until it succeeds', async () => {
    // The receiver refuses the first two attempts (a deploy in progress, say).
    const hook = await receiver((attempt) => (attempt <= 2 ? 503 : 200));
    server = await startLocalStripe({
      port: 0,
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      cancelUnpaidAfterDays: 7,
      webhookUrl: hook.url,
      delivery: { retryDelaysMs: [30, 60, 120] },
    });
    const answered = await checkoutAndPay(server);
    expect(hook.received).toEqual([]);
    await server.engine.webhooksIdle();
    expect(hook.received.map((event) => event.type).sort()).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.finalized', 'invoice.paid']);
    expect(hook.received.every((event) => event.at >= answered)).toBe(true);
    expect(hook.attempts()).toBe(6);
    expect(server.engine.delivered.every((event) => event.status === 200)).toBe(true);
    await hook.close();
  });

  it('gives up after the last retry', async () => {
    const hook = await receiver(() => 500);
    server = await startLocalStripe({
      port: 0,
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      cancelUnpaidAfterDays: 7,
      webhookUrl: hook.url,
      delivery: { retryDelaysMs: [10, 20] },
    });
    await checkoutAndPay(server);
    await server.engine.webhooksIdle();
    expect(hook.attempts()).toBe(4 * 3);
    expect(server.engine.delivered.map((event) => [event.attempts, event.status])).toEqual([
      [3, 500],
      [3, 500],
      [3, 500],
      [3, 500],
    ]);
    await hook.close();
  });

  it('in its test mode, delivers out of order and some events twice, every event at least once', async () => {
    let duplicated = 0;
    let shuffled = 0;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const hook = await receiver(() => 200);
      server = await startLocalStripe({
        port: 0,
        secretKey: SECRET_KEY,
        webhookSecret: WEBHOOK_SECRET,
        cancelUnpaidAfterDays: 7,
        webhookUrl: hook.url,
        delivery: { chaos: { seed, maxDelayMs: 30, duplicateRate: 0.5 } },
      });
      await checkoutAndPay(server);
      await server.engine.webhooksIdle();
      const sent = server.engine.delivered.map((event) => event.id);
      const ids = hook.received.map((event) => event.id);
      expect(new Set(ids)).toEqual(new Set(sent));
      if (ids.length > sent.length) duplicated += 1;
      const firstSeen = ids.filter((id, index) => ids.indexOf(id) === index);
      if (firstSeen.join() !== sent.join()) shuffled += 1;
      await server.close();
      server = undefined;
      await hook.close();
    }
    expect(duplicated).toBeGreaterThan(0);
    expect(shuffled).toBeGreaterThan(0);
  });
});
