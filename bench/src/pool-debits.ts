// Debits per second on one team pool shared by 50 members against 50 personal wallets, on
// PostgreSQL, through the reservation every send and `/v1` request makes. Prints figures; asserts
// nothing. `npm run bench` runs it as its "pool" part; `npm run bench:pool` alone.
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { InProcessBus, inTransaction } from '@agentdock/service-data';
import { eq } from '@agentdock/service-data/orm';
import { createTestDatabase, startTestService } from '@agentdock/service-data/testing';
import { createLogger } from '@agentdock/service-kit';
import { chatProviderEnv, createChatService } from '@agentdock/svc-chat';
import { reserveReply } from '@agentdock/svc-chat/reserve';
import { chatPoolMembers } from '@agentdock/svc-chat/schema';
import { walletRow } from '@agentdock/svc-chat/wallet';
import { bottomlessWallet } from './chat-wallet';

const MEMBERS = 50;
const DEBITS = Number(process.env.BENCH_POOL_DEBITS ?? 3_000);
const CONCURRENCY = Number(process.env.BENCH_DEBIT_CONCURRENCY ?? 16);
const ROUNDS = 3;

/** Debits per second of `debit` run DEBITS times by CONCURRENCY workers, worker i for spender i mod 50. */
async function debitRate(spenders: string[], debit: (spender: string) => Promise<void>, count = DEBITS): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const index = next++;
        await debit(spenders[index % spenders.length]!);
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchPoolDebits(): Promise<void> {
  process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  let database;
  try {
    database = await createTestDatabase();
  } catch (error) {
    console.log(`\nPool debits on PostgreSQL skipped: ${error instanceof Error ? error.message : String(error)} (set BENCH_DATABASE_URL)`);
    return;
  }
  const logger = createLogger({ service: 'bench', level: 'silent' });
  const bus = new InProcessBus({ logger });
  const chat = await startTestService(createChatService({ env: chatProviderEnv.parse({ DEMO_AGENT_PROVIDER_URL: 'http://127.0.0.1:9/v1' }) }), { bus, database });
  try {
    const { db } = chat.context;
    const team = randomUUID();
    const members = Array.from({ length: MEMBERS }, () => randomUUID());
    const people = Array.from({ length: MEMBERS }, () => randomUUID());
    await bottomlessWallet(db, team);
    for (const userId of people) await bottomlessWallet(db, userId);
    await db.insert(chatPoolMembers).values(members.map((userId) => ({ organisationId: team, userId, role: 'member' as const, lastEventAt: new Date() })));

    // The same reservation both ways, as a web chat send makes it: one statement on the wallet as
    // read, with no transaction around it (a transaction only where the figures moved since). The
    // pool's statement also locks, checks and counts the member's row first; every member's debit
    // waits on the one pool row for that statement's run and commit, where the personal wallets
    // are 50 rows apart. Each wallet and member is read once, as a send reads them before reserving.
    const reserving = { messageTokens: 20, maxReplyTokens: 100, countsApiCall: false };
    const seen = new Map<string, NonNullable<Awaited<ReturnType<typeof walletRow>>>>(
      await Promise.all([team, ...people].map(async (userId) => [userId, (await walletRow(db, userId))!] as const)),
    );
    const seenMember = new Map((await db.select().from(chatPoolMembers).where(eq(chatPoolMembers.organisationId, team))).map((row) => [row.userId, row]));
    const personal = async (userId: string) => {
      const input = { ...reserving, userId, replyId: randomUUID(), seen: seen.get(userId)! };
      if (!(await reserveReply(db, { ...input, atOnce: true }))) await inTransaction(db, (tx) => reserveReply(tx, input));
    };
    const pooled = async (memberId: string) => {
      const input = { ...reserving, userId: team, replyId: randomUUID(), seen: seen.get(team)!, pool: { organisationId: team, memberId, seen: seenMember.get(memberId) } };
      if (!(await reserveReply(db, { ...input, atOnce: true }))) await inTransaction(db, (tx) => reserveReply(tx, input));
    };
    // Warm both paths (connections, plans), then alternate rounds as the machine's load drifts.
    await debitRate(people, personal, DEBITS / 10);
    await debitRate(members, pooled, DEBITS / 10);
    const rounds: { pool: number; wallets: number }[] = [];
    for (let round = 0; round < ROUNDS; round += 1) rounds.push({ wallets: await debitRate(people, personal), pool: await debitRate(members, pooled) });

    console.log(
      `\nPool debits on PostgreSQL (${DEBITS} reservations a round, ${CONCURRENCY} concurrent; goal: one pool of ${MEMBERS} members keeps ≥ 80 % of ${MEMBERS} personal wallets' rate)`,
    );
    for (const [index, { pool, wallets }] of rounds.entries()) {
      console.log(
        `  round ${index + 1}: one pool, ${MEMBERS} members ${pool.toFixed(0)} debits/s; ${MEMBERS} personal wallets ${wallets.toFixed(0)} debits/s: ${((pool / wallets) * 100).toFixed(0)} %`,
      );
    }
    console.log(`  pool / personal, median of the rounds: ${(median(rounds.map(({ pool, wallets }) => pool / wallets)) * 100).toFixed(0)} %`);
  } finally {
    await chat.cleanup();
    await bus.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchPoolDebits();
