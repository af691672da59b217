import { randomUUID } from 'node:crypto';
import { createGateway, loadGatewayConfig } from '@agentdock/gateway';
import { startDemoProvider } from '@agentdock/local-agent-provider';
import { agentChangedV1 } from '@agentdock/contracts';
import { closeHttpServer, createLogger, startHttpServer } from '@agentdock/service-kit';
import { InProcessBus } from '@agentdock/service-data';
import { createTestIssuer, eventually } from '@agentdock/service-kit/testing';
import { createTestDatabase, startTestService } from '@agentdock/service-data/testing';
import { chatProviderEnv, createChatService } from '@agentdock/svc-chat';
import { chatAgents, chatWallets } from '@agentdock/svc-chat/schema';
import { ensureWallet, recordLedger, reserve } from '@agentdock/svc-chat/wallet';
import type { Db } from '@agentdock/service-data';
import { eq } from '@agentdock/service-data/orm';

/** A wallet that never runs dry, so the figures measure the path, not refusals. */
async function walletSeed(db: Db<typeof import('@agentdock/svc-chat/schema').schema>, userId: string): Promise<void> {
  await ensureWallet(db, userId, 'free');
  await db.update(chatWallets).set({ creditsRemaining: 1_000_000_000, apiCallsLimit: 1_000_000_000 }).where(eq(chatWallets.userId, userId));
}

const SAMPLES = Number(process.env.BENCH_CHAT_SAMPLES ?? 200);
const DEBITS = Number(process.env.BENCH_DEBITS ?? 5_000);
const DEBIT_CONCURRENCY = Number(process.env.BENCH_DEBIT_CONCURRENCY ?? 16);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Milliseconds from sending the request to the first chunk that carries `marker`. */
async function timeToFirst(url: string, init: RequestInit, marker: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, init);
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let seen = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`${url} ended before ${marker}`);
    seen += value;
    if (seen.includes(marker)) {
      const elapsed = performance.now() - started;
      await reader.cancel();
      return elapsed;
    }
  }
}

/**
 * Time to the first streamed token through the gateway and svc-chat versus straight from the same
 * demo provider, then debits per second on PostgreSQL. Prints figures; asserts nothing.
 */
export async function benchChat(): Promise<void> {
  const logger = createLogger({ service: 'bench', level: 'silent' });
  const provider = await startDemoProvider({ tokenDelayMs: 0 });
  const issuer = await createTestIssuer();
  const bus = new InProcessBus({ logger });
  const env = chatProviderEnv.parse({ DEMO_AGENT_PROVIDER_URL: provider.url });
  const chat = await startTestService(createChatService({ env }), { bus, jwksUrl: issuer.jwksUrl });
  const gateway = await startHttpServer(
    createGateway(loadGatewayConfig({ PORT: '0', CHAT_URL: chat.url, JWKS_URL: issuer.jwksUrl, RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'silent' }), logger),
    { port: 0, host: '127.0.0.1' },
  );
  try {
    const agentId = randomUUID();
    const now = new Date().toISOString();
    await bus.publish(agentChangedV1.subject, {
      id: randomUUID(),
      type: agentChangedV1.type,
      version: 1,
      occurredAt: now,
      source: 'bench',
      data: {
        change: 'created',
        agent: {
          id: agentId,
          key: 'meeting-prep',
          name: 'Meeting Prep',
          description: 'Prepares meetings.',
          features: [],
          useCase: '',
          tier: 'free',
          isActive: true,
          providerAgentId: null,
          createdAt: now,
          updatedAt: now,
        },
      },
    });
    await eventually(async () => (await chat.context.db.select().from(chatAgents)).length > 0);
    const userId = randomUUID();
    const token = await issuer.issue({ sub: userId, email: 'bench@example.com', admin: false, tier: 'free' });
    await walletSeed(chat.context.db, userId);
    const address = gateway.address();
    const gatewayUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const body = JSON.stringify({ message: 'Prepare my board meeting' });
    const direct: number[] = [];
    const viaGateway: number[] = [];
    const waiting: number[] = [];
    for (let index = 0; index < SAMPLES; index += 1) {
      direct.push(
        await timeToFirst(
          `${provider.url}/chat/completions`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              model: 'agentdock-demo',
              stream: true,
              messages: [
                { role: 'system', content: 'You are Meeting Prep. Prepares meetings.' },
                { role: 'user', content: 'Prepare my board meeting' },
              ],
            }),
          },
          '"content":"##',
        ),
      );
      const send = { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body };
      waiting.push(await timeToFirst(`${gatewayUrl}/api/chat/agents/${agentId}/messages`, send, 'event: waiting'));
      viaGateway.push(await timeToFirst(`${gatewayUrl}/api/chat/agents/${agentId}/messages`, send, 'event: token'));
    }
    const row = (label: string, values: number[]) =>
      `  ${label.padEnd(28)} p50 ${percentile(values, 50).toFixed(2).padStart(7)} ms   p95 ${percentile(values, 95).toFixed(2).padStart(7)} ms`;
    console.log(`\nChat — time to the first streamed token, ${SAMPLES} sends each (goal: ≤ 5 ms added at p50)`);
    console.log(row('demo provider directly', direct));
    console.log(row('gateway + svc-chat', viaGateway));
    console.log(row('  of which until "waiting"', waiting));
    console.log(`  added at p50: ${(percentile(viaGateway, 50) - percentile(direct, 50)).toFixed(2)} ms (includes the wallet reservation and the user message write)`);
  } finally {
    await closeHttpServer(gateway);
    await chat.cleanup();
    await issuer.close();
    await bus.close();
    await provider.close();
  }
  await benchDebits(logger);
}

async function benchDebits(logger: ReturnType<typeof createLogger>): Promise<void> {
  process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  let database;
  try {
    database = await createTestDatabase();
  } catch (error) {
    console.log(`\nDebits on PostgreSQL skipped: ${error instanceof Error ? error.message : String(error)} (set BENCH_DATABASE_URL)`);
    return;
  }
  const bus = new InProcessBus({ logger });
  const chat = await startTestService(createChatService({ env: chatProviderEnv.parse({ DEMO_AGENT_PROVIDER_URL: 'http://127.0.0.1:9/v1' }) }), { bus, database });
  try {
    const users = Array.from({ length: 100 }, () => randomUUID());
    for (const userId of users) await walletSeed(chat.context.db, userId);
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: DEBIT_CONCURRENCY }, async () => {
        while (next < DEBITS) {
          const index = next++;
          const userId = users[index % users.length]!;
          await chat.context.db.transaction(async (tx) => {
            const outcome = await reserve(tx, userId, 300);
            if (!outcome.ok) throw new Error(`debit refused: ${outcome.reason}`);
            await recordLedger(tx, { userId, kind: 'reservation', plan: -outcome.reservation.plan, purchased: -outcome.reservation.purchased });
          });
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(`\nDebits on PostgreSQL (reservation + ledger row, ${DEBIT_CONCURRENCY} concurrent, 100 wallets; goal ≥ 1,000/s)`);
    console.log(`  ${DEBITS} debits in ${seconds.toFixed(2)} s: ${(DEBITS / seconds).toFixed(0)} debits/s`);
  } finally {
    await chat.cleanup();
    await bus.close();
  }
}
