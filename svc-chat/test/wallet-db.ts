import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { type Database, inTransaction } from '@agentdock/service-data';
import { eq } from '@agentdock/service-data/orm';
import { openTestDatabase } from '@agentdock/service-data/testing';
import { type ChatSchema, chatWalletLedger, chatWallets, schema } from '../src/db/schema';
import { adjustCredits, lockWallet, reserveCredits } from '../src/domain/ledger';
import { addMonth, walletRow } from '../src/domain/wallet';

/**
 * The wallet's rules against a real database: one database per file (opening one costs seconds on
 * PGlite), one fresh user per test. Call inside the file's describe.
 */
export function useWalletDb() {
  let database: Database<ChatSchema>;
  beforeAll(async () => {
    database = await openTestDatabase({ schema, migrationsFolder: fileURLToPath(new URL('../migrations', import.meta.url)) });
  });
  afterAll(() => database?.close());

  const db = () => database.db;
  const ledger = (userId: string) => db().select().from(chatWalletLedger).where(eq(chatWalletLedger.userId, userId));
  const start = new Date('2026-03-10T08:00:00.000Z');

  async function walletWith(values: Partial<typeof chatWallets.$inferInsert> = {}) {
    const userId = randomUUID();
    await db()
      .insert(chatWallets)
      .values({
        userId,
        tier: 'starter',
        creditsRemaining: 1_000,
        creditsLimit: 1_000,
        purchasedCredits: 500,
        apiCallsUsed: 0,
        apiCallsLimit: 10,
        periodStart: start,
        periodAnchor: start,
        creditsRefillAt: addMonth(start),
        renewsAt: addMonth(start),
        selfRenewing: false,
        ...values,
      });
    return userId;
  }
  /** As a `/v1` request reserves: counting one API call (`countsApiCall: false` for a web chat send). */
  const reserve = (userId: string, credits: number, messageId: string = randomUUID(), countsApiCall = true) =>
    inTransaction(db(), async (tx) => reserveCredits(tx, await lockWallet(tx, userId), credits, messageId, { countsApiCall }));
  const adjust = (userId: string, credits: number) => inTransaction(db(), (tx) => adjustCredits(tx, { userId, credits, reason: 'test', actorId: randomUUID() }));
  /** What the ledger says the wallet holds, next to what it holds. */
  const ledgerAndBalance = async (userId: string) => {
    const rows = await ledger(userId);
    const row = (await walletRow(db(), userId))!;
    return {
      ledger: { plan: rows.reduce((sum, entry) => sum + entry.planDelta, 0), purchased: rows.reduce((sum, entry) => sum + entry.purchasedDelta, 0) },
      balance: { plan: row.creditsRemaining, purchased: row.purchasedCredits },
    };
  };
  const balanceOf = async (userId: string) => {
    const row = (await walletRow(db(), userId))!;
    return { plan: row.creditsRemaining, purchased: row.purchasedCredits, calls: row.apiCallsUsed };
  };

  return { db, ledger, start, walletWith, reserve, adjust, ledgerAndBalance, balanceOf };
}
