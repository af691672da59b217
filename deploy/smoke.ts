// The smoke journey through the composed stack's published ports, as a person would take it:
//   npx tsx deploy/smoke.ts journey     sign up, confirm from the email the SMTP sink received, sign
//                                       in, buy Starter on the local Stripe provider's hosted page,
//                                       chat with the demo agent and see credits drop, and an admin
//                                       (ADMIN_EMAILS) finds the user in the admin users list
//   npx tsx deploy/smoke.ts persisted   after `docker-compose down` and `up` on the same volumes:
//                                       the user signs in again, with the same wallet and subscription
// Run by .ci/docker-stage.sh. Only local addresses: the gateway (SMOKE_GATEWAY_URL, default
// http://127.0.0.1:3000), the sink's listing (SMOKE_SINK_URL, default http://127.0.0.1:8025) and
// the hosted checkout page the billing service links to (on localhost). The journey's account is
// kept in SMOKE_STATE (default $TMPDIR/agentdock-smoke.json) for the `persisted` check.
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, eventually, fail } from './lib/client';

const client = createClient({ baseUrl: process.env.SMOKE_GATEWAY_URL ?? 'http://127.0.0.1:3000', sinkUrl: process.env.SMOKE_SINK_URL ?? 'http://127.0.0.1:8025' });
const adminEmail = process.env.SMOKE_ADMIN_EMAIL ?? 'admin@agentdock.test';
const statePath = process.env.SMOKE_STATE ?? join(tmpdir(), 'agentdock-smoke.json');

interface State {
  email: string;
  userId: string;
  tier: string;
  creditsRemaining: number;
  subscriptionId: string;
}

const started = Date.now();
const step = (text: string) => console.log(`[smoke +${((Date.now() - started) / 1000).toFixed(1)}s] ${text}`);

async function journey(): Promise<void> {
  const email = `smoke-${randomUUID()}@example.com`;
  step(`signing up ${email}`);
  const confirmed = await client.signUpAndConfirm(email, 'Smoke Test');
  step(`confirmed from the emailed link (user ${confirmed.user.id})`);
  const session = await client.signIn(email);
  step('signed in with the password');

  const free = await eventually('the free wallet', async () => client.wallet(session.accessToken));
  step(`wallet before buying: ${free.tier}, ${free.creditsRemaining} credits`);

  const { checkoutUrl, location, subscription } = await client.buyPlan(session.accessToken, 'starter', 'Subscribe to Starter');
  step(`paid at ${checkoutUrl}; the provider sent the browser to ${location}`);
  step(`subscription ${subscription.id} is active`);
  const starter = await eventually('the Starter wallet (billing → chat over NATS)', async () => {
    const current = await client.wallet(session.accessToken);
    return current.tier === 'starter' ? current : undefined;
  });
  step(`wallet after buying: ${starter.tier}, ${starter.creditsRemaining} of ${starter.creditsLimit} credits`);

  const { agents, provider } = await client.agents(session.accessToken);
  if (!provider.demo) fail(`expected the demo agent provider, chat answers with ${provider.name}`);
  const agent =
    agents.find((candidate) => !candidate.producesImages && candidate.tier === 'starter') ??
    agents.find((candidate) => !candidate.producesImages) ??
    fail('no text agent is available to a Starter user');
  const done = await client.chat(session.accessToken, agent.id, 'Hello from the deployment smoke test. What can you do?');
  step(`${agent.name} replied (${done.reply.content.length} characters, ${done.reply.creditsUsed} credits)`);
  const after = await client.wallet(session.accessToken);
  if (!(after.creditsRemaining < starter.creditsRemaining)) fail(`credits did not drop: ${starter.creditsRemaining} before, ${after.creditsRemaining} after`);
  if (after.creditsRemaining !== done.creditsRemaining) fail(`the wallet says ${after.creditsRemaining} credits, the reply said ${done.creditsRemaining}`);
  step(`credits dropped from ${starter.creditsRemaining} to ${after.creditsRemaining}`);

  const admin = await client.adminSession(adminEmail, step);
  const listed = await client.api<{ users: { id: string; email: string }[]; total: number }>('GET', `/api/identity/admin/users?q=${encodeURIComponent(email)}`, {
    token: admin.accessToken,
  });
  if (!listed.users.some((user) => user.id === session.user.id)) fail(`the admin users list does not show ${email}: ${JSON.stringify(listed).slice(0, 300)}`);
  step(`the admin sees ${email} in the users list (${listed.total} match)`);

  const state: State = { email, userId: session.user.id, tier: after.tier, creditsRemaining: after.creditsRemaining, subscriptionId: subscription.id };
  writeFileSync(statePath, JSON.stringify(state, null, 2));
}

async function persisted(): Promise<void> {
  const state = JSON.parse(readFileSync(statePath, 'utf8')) as State;
  const session = await eventually(`signing in as ${state.email} again`, async () => client.signIn(state.email), 120);
  if (session.user.id !== state.userId) fail(`${state.email} is now user ${session.user.id}, was ${state.userId}`);
  step(`${state.email} signs in again as the same user`);
  const current = await eventually('the wallet', async () => client.wallet(session.accessToken));
  if (current.tier !== state.tier || current.creditsRemaining !== state.creditsRemaining) {
    fail(`the wallet changed across the restart: ${current.tier}/${current.creditsRemaining}, was ${state.tier}/${state.creditsRemaining}`);
  }
  step(`the wallet is unchanged: ${current.tier}, ${current.creditsRemaining} credits`);
  const kept = (await client.subscriptions(session.accessToken)).find((row) => row.id === state.subscriptionId);
  if (!kept || kept.status !== 'active' || kept.tier !== 'starter') fail(`the subscription ${state.subscriptionId} is ${kept ? `${kept.tier}/${kept.status}` : 'gone'}`);
  step(`the subscription ${kept.id} is still active on ${kept.tier}`);
}

const mode = process.argv[2];
const run = mode === 'journey' ? journey : mode === 'persisted' ? persisted : undefined;
if (!run) {
  console.error('usage: npx tsx deploy/smoke.ts journey|persisted');
  process.exit(2);
}
run().then(
  () => step(`${mode}: passed`),
  (error: unknown) => {
    console.error(`[smoke] ${mode} FAILED: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
