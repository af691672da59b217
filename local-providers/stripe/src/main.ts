import { LOCAL_STRIPE_SECRET_KEY, startLocalStripe } from './index';

// The webhook secret has no default: svc-billing must be given the same value, and a published
// one would let anyone who reaches billing's webhook route sign events.
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET;
if (!webhookSecret) {
  console.error('[local-stripe] STRIPE_WEBHOOK_SECRET is required (the same value svc-billing is given), e.g. whsec_$(openssl rand -hex 24)');
  process.exit(1);
}
const port = Number(process.env.STRIPE_LOCAL_PORT ?? 3105);
const running = await startLocalStripe({
  port,
  host: process.env.STRIPE_LOCAL_HOST ?? '127.0.0.1',
  publicUrl: process.env.STRIPE_LOCAL_PUBLIC_URL,
  secretKey: process.env.STRIPE_SECRET_KEY ?? LOCAL_STRIPE_SECRET_KEY,
  webhookSecret,
  webhookUrl: process.env.STRIPE_LOCAL_WEBHOOK_URL ?? 'http://127.0.0.1:3103/api/billing/webhooks/stripe',
  cancelUnpaidAfterDays: Number(process.env.BILLING_GRACE_DAYS ?? 7),
  log: (message) => console.log(`[local-stripe] ${message}`),
});
console.log(`[local-stripe] test-mode payment provider listening on ${running.url}`);
const stop = () => void running.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
