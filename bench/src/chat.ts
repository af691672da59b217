import { randomUUID } from 'node:crypto';
import { InProcessBus } from '@agentdock/service-data';
import { createTestDatabase, startTestService } from '@agentdock/service-data/testing';
import { createLogger } from '@agentdock/service-kit';
import { chatProviderEnv, createChatService } from '@agentdock/svc-chat';
import { reserveCredits } from '@agentdock/svc-chat/ledger';
import { chatWallets } from '@agentdock/svc-chat/schema';
import { inArray, sql } from '@agentdock/service-data/orm';
import type { ChatPlatform } from './chat-platform';
import { bottomlessWallet } from './chat-wallet';
import { firstLine, startProcess, stopAll } from './processes';

const SAMPLES = Number(process.env.BENCH_CHAT_SAMPLES ?? 200);
const DEBITS = Number(process.env.BENCH_DEBITS ?? 5_000);
const DEBIT_CONCURRENCY = Number(process.env.BENCH_DEBIT_CONCURRENCY ?? 16);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Milliseconds from sending the request to the first chunk that carries `marker`. The answer is
 * read to its end, as a browser reads it: the next sample then starts on a service that has
 * finished this one (settled, or refunded had the reader left), as a user's next message does.
 */
async function timeToFirst(url: string, init: RequestInit, marker: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, init);
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  let seen = '';
  let elapsed: number | undefined;
  for await (const text of response.body.pipeThrough(new TextDecoderStream())) {
    if (elapsed !== undefined) continue;
    seen += text;
    if (seen.includes(marker)) elapsed = performance.now() - started;
  }
  if (elapsed === undefined) throw new Error(`${url} ended before ${marker}`);
  return elapsed;
}

/**
 * Time to the first streamed token through the gateway and svc-chat versus straight from the same
 * demo provider, then debits per second on PostgreSQL. Prints figures; asserts nothing.
 */
export async function benchChat(): Promise<void> {
  const started = startProcess('chat platform', ['--import', 'tsx', 'bench/src/chat-platform.ts'], {}, { readStdout: true });
  try {
    const platform = JSON.parse(await firstLine(started)) as ChatPlatform;
    const providerRequest = {
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
    };
    const send = {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${platform.token}` },
      body: JSON.stringify({ message: 'Prepare my board meeting' }),
    };
    const direct: number[] = [];
    const viaGateway: number[] = [];
    const waiting: number[] = [];
    for (let index = 0; index < SAMPLES; index += 1) {
      direct.push(await timeToFirst(`${platform.providerUrl}/chat/completions`, providerRequest, '"content":"##'));
      waiting.push(await timeToFirst(platform.sendUrl, send, 'event: waiting'));
      viaGateway.push(await timeToFirst(platform.sendUrl, send, 'event: token'));
    }
    const row = (label: string, values: number[]) =>
      `  ${label.padEnd(28)} p50 ${percentile(values, 50).toFixed(2).padStart(7)} ms   p95 ${percentile(values, 95).toFixed(2).padStart(7)} ms`;
    console.log(`\nChat — time to the first streamed token, ${SAMPLES} sends each, from a client process of its own (goal: ≤ 3 ms added at p50)`);
    console.log(row('demo provider directly', direct));
    console.log(row('gateway + svc-chat', viaGateway));
    console.log(row('  of which until "waiting"', waiting));
    console.log(`  added at p50: ${(percentile(viaGateway, 50) - percentile(direct, 50)).toFixed(2)} ms (includes the wallet reservation and the user message write)`);
  } finally {
    await stopAll([started]);
  }
  await benchDebits(createLogger({ service: 'bench', level: 'silent' }));
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
    for (const userId of users) await bottomlessWallet(chat.context.db, userId);
    const { db } = chat.context;
    // The same wallets, the same amounts, the same concurrency: once through the ledger (the
    // reservation statement: row locked, balance checked and changed, ledger row written), once as
    // the bare conditional UPDATE with nothing around it, so the ratio compares like with like in
    // one run. The wallets are read once, as a send reads its wallet before reserving.
    const seen = new Map((await db.select().from(chatWallets).where(inArray(chatWallets.userId, users))).map((row) => [row.userId, row]));
    const viaLedger = async (userId: string) => {
      const outcome = await reserveCredits(db, seen.get(userId)!, 300, randomUUID());
      if (!outcome.ok) throw new Error(`debit refused: ${outcome.reason}`);
    };
    const bareUpdate = async (userId: string) => {
      const result = await db.execute(sql`update chat_wallets set credits_remaining = credits_remaining - 300 where user_id = ${userId} and credits_remaining >= 300`);
      if (affectedRows(result) !== 1) throw new Error('bare debit refused');
    };
    // A first pass of each opens the pool's connections and warms the caches, so neither side is
    // measured cold; then rounds alternate, as the machine's load drifts during a run.
    await debitLoop(users, viaLedger, DEBITS / 10);
    await debitLoop(users, bareUpdate, DEBITS / 10);
    const rounds: { ledger: number; bare: number }[] = [];
    for (let round = 0; round < 3; round += 1) rounds.push({ ledger: await debitLoop(users, viaLedger), bare: await debitLoop(users, bareUpdate) });
    console.log(`\nDebits on PostgreSQL (${DEBITS} debits a round, ${DEBIT_CONCURRENCY} concurrent, 100 wallets; goal: the ledger path keeps ≥ 50 % of the bare statement's rate)`);
    for (const [index, { ledger, bare }] of rounds.entries()) {
      console.log(
        `  round ${index + 1}: ledger (the reservation statement with its ledger row) ${ledger.toFixed(0)} debits/s, bare UPDATE … WHERE balance >= $1 ${bare.toFixed(0)} debits/s: ${((ledger / bare) * 100).toFixed(0)} %`,
      );
    }
    const ratios = rounds.map(({ ledger, bare }) => ledger / bare);
    console.log(`  ledger / bare, median of the rounds: ${(percentile(ratios, 50) * 100).toFixed(0)} %`);
  } finally {
    await chat.cleanup();
    await bus.close();
  }
}

/** Debits per second of `debit` run `count` times by DEBIT_CONCURRENCY workers over the wallets. */
async function debitLoop(users: string[], debit: (userId: string) => Promise<void>, count = DEBITS): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: DEBIT_CONCURRENCY }, async () => {
      while (next < count) {
        const index = next++;
        await debit(users[index % users.length]!);
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

/** node-postgres reports `rowCount`, PGlite `affectedRows`. */
function affectedRows(result: unknown): number {
  const shape = result as { rowCount?: number | null; affectedRows?: number };
  return shape.rowCount ?? shape.affectedRows ?? 0;
}
