import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { type Database, inTransaction } from '@agentdock/service-data';
import { eq } from '@agentdock/service-data/orm';
import { openTestDatabase } from '@agentdock/service-data/testing';
import { type ChatSchema, chatPlanAllowances, chatWalletLedger, chatWallets, schema } from '../db/schema';
import { planFixture } from '@agentdock/contracts/testing';
import { replyTokenBound } from '@agentdock/contracts';
import { allowanceFor, applyPlanChanged, isTier } from './allowances';
import { BalanceTooHighError, BalanceTooLowError, InsufficientCreditsError, SettlementOverReservationError, WalletNotFoundError } from './errors';
import { adjustCredits, lockWallet, purchaseCredits, refundCredits, releaseReservation, reserveCredits, settleReservation } from './ledger';
import { reserveReply } from './metering/reserve';
import { resetForSubscription } from './subscriptions';
import { addMonth, ensureWallet, findWallets, startPeriod, toWallet, walletInUse, walletRow } from './wallet';

// The wallet's rules against a real database: one database per file (opening one costs seconds on
// PGlite), one fresh user per test.
describe(`chat wallet (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: Database<ChatSchema>;
  beforeAll(async () => {
    database = await openTestDatabase({ schema, migrationsFolder: fileURLToPath(new URL('../../migrations', import.meta.url)) });
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

  describe('periods', () => {
    it('moves a date one calendar month on, across a year end and into a leap February', () => {
      expect(addMonth(new Date('2026-12-15T09:30:00Z')).toISOString()).toBe('2027-01-15T09:30:00.000Z');
      expect(addMonth(new Date('2028-01-31T00:00:00Z')).toISOString()).toBe('2028-02-29T00:00:00.000Z');
      expect(addMonth(new Date('2026-03-31T00:00:00Z')).toISOString()).toBe('2026-04-30T00:00:00.000Z');
      expect(addMonth(new Date('2026-04-30T00:00:00Z')).toISOString()).toBe('2026-05-30T00:00:00.000Z');
    });

    it('opens a wallet at the tier allowance and books the grant', async () => {
      const userId = randomUUID();
      const row = await inTransaction(db(), (tx) =>
        startPeriod(tx, { userId, tier: 'free', periodStart: start, renewsAt: addMonth(start), selfRenewing: true, reference: `provision:${userId}` }),
      );
      expect(row).toMatchObject({
        tier: 'free',
        creditsRemaining: 50_000,
        creditsLimit: 50_000,
        purchasedCredits: 0,
        apiCallsUsed: 0,
        apiCallsLimit: 50,
        selfRenewing: true,
        lowBalanceNotifiedFor: null,
      });
      expect(row.periodStart.toISOString()).toBe(start.toISOString());
      expect(row.renewsAt.toISOString()).toBe('2026-04-10T08:00:00.000Z');
      expect(await ledger(userId)).toEqual([
        expect.objectContaining({ kind: 'grant', planDelta: 50_000, purchasedDelta: 0, reference: `provision:${userId}`, reason: 'free allowance from 2026-03-10T08:00:00.000Z' }),
      ]);
    });

    it('resets plan credits and API calls at a new period, keeps bought credits, and books the expiry and the grant', async () => {
      const userId = await walletWith({ creditsRemaining: 300, purchasedCredits: 700, apiCallsUsed: 9, lowBalanceNotifiedFor: start });
      const next = addMonth(start);
      const row = await inTransaction(db(), (tx) =>
        startPeriod(tx, { userId, tier: 'professional', periodStart: next, renewsAt: addMonth(next), selfRenewing: false, reference: `t:${userId}` }),
      );
      expect(row).toMatchObject({
        tier: 'professional',
        creditsRemaining: 2_000_000,
        creditsLimit: 2_000_000,
        purchasedCredits: 700,
        apiCallsUsed: 0,
        apiCallsLimit: 500,
        selfRenewing: false,
        lowBalanceNotifiedFor: null,
      });
      expect((await ledger(userId)).map((entry) => [entry.kind, entry.planDelta, entry.purchasedDelta, entry.reference, entry.reason]).sort()).toEqual([
        ['expiry', -300, 0, `t:${userId}`, 'plan credits of the period that ended'],
        ['grant', 2_000_000, 0, `t:${userId}`, `professional allowance from ${next.toISOString()}`],
      ]);
    });

    it('takes the allowance from the first active published plan of the tier, and the default otherwise', async () => {
      await db()
        .insert(chatPlanAllowances)
        .values([
          { planId: `starter-old-${randomUUID()}`, tier: 'starter', platformCredits: 1, apiCalls: 1, isActive: false, sortOrder: 0 },
          { planId: `starter-b-${randomUUID()}`, tier: 'starter', platformCredits: 900_000, apiCalls: 200, isActive: true, sortOrder: 2 },
          { planId: `starter-a-${randomUUID()}`, tier: 'starter', platformCredits: 800_000, apiCalls: 100, isActive: true, sortOrder: 1 },
          { planId: `enterprise-${randomUUID()}`, tier: 'enterprise', platformCredits: null, apiCalls: 7_000, isActive: true, sortOrder: 0 },
        ]);
      expect(await allowanceFor(db(), 'starter')).toEqual({ credits: 800_000, apiCalls: 100 });
      expect(await allowanceFor(db(), 'enterprise')).toEqual({ credits: 2_000_000, apiCalls: 7_000 });
      expect(await allowanceFor(db(), 'professional')).toEqual({ credits: 2_000_000, apiCalls: 500 });
      await db().delete(chatPlanAllowances);
    });
  });

  describe('provisioning and monthly roll-over', () => {
    it('gives a user without a wallet a self-renewing free one from now', async () => {
      const userId = randomUUID();
      const row = await ensureWallet(db(), userId, 'free', start);
      expect(row).toMatchObject({ userId, tier: 'free', creditsRemaining: 50_000, selfRenewing: true });
      expect(row.renewsAt.toISOString()).toBe(addMonth(start).toISOString());
      expect((await ledger(userId)).map((entry) => entry.reference)).toEqual([`provision:${userId}`]);
    });

    it('gives a paying user a wallet that waits for billing to renew it', async () => {
      const row = await ensureWallet(db(), randomUUID(), 'starter', start);
      expect(row).toMatchObject({ tier: 'starter', creditsRemaining: 1_000_000, selfRenewing: false });
    });

    it('leaves a wallet alone while its period runs, and a paid one even after it ended', async () => {
      const running = await walletWith({ selfRenewing: true, creditsRemaining: 10 });
      expect((await ensureWallet(db(), running, 'free', new Date(addMonth(start).getTime() - 1))).creditsRemaining).toBe(10);
      const paid = await walletWith({ selfRenewing: false, creditsRemaining: 10 });
      expect((await ensureWallet(db(), paid, 'free', new Date('2027-01-01T00:00:00Z'))).creditsRemaining).toBe(10);
      expect(await ledger(running)).toEqual([]);
      expect(await ledger(paid)).toEqual([]);
    });

    it('rolls a free wallet whose period ended into the period that contains now, skipping missed months', async () => {
      const userId = await walletWith({ tier: 'free', selfRenewing: true, creditsRemaining: 3, purchasedCredits: 40, apiCallsUsed: 50, apiCallsLimit: 50 });
      // Periods start on the 10th at 08:00: 10 Apr, 10 May, 10 Jun; 10 Jun 08:00 is exactly the start of the third.
      const row = await ensureWallet(db(), userId, 'free', new Date('2026-06-10T08:00:00.000Z'));
      expect(row).toMatchObject({ tier: 'free', creditsRemaining: 50_000, purchasedCredits: 40, apiCallsUsed: 0, selfRenewing: true });
      expect(row.periodStart.toISOString()).toBe('2026-06-10T08:00:00.000Z');
      expect(row.renewsAt.toISOString()).toBe('2026-07-10T08:00:00.000Z');
      expect((await ledger(userId)).map((entry) => [entry.kind, entry.reference, entry.planDelta]).sort()).toEqual([
        ['expiry', `roll:${userId}:2026-06-10T08:00:00.000Z`, -3],
        ['grant', `roll:${userId}:2026-06-10T08:00:00.000Z`, 50_000],
      ]);
    });

    it("refills an annual subscriber's plan credits monthly on the anchor day, keeps bought credits, and leaves the billing renewal a year away", async () => {
      const userId = randomUUID();
      const anchor = new Date('2026-01-31T10:00:00.000Z');
      const renewal = new Date('2027-01-31T10:00:00.000Z');
      await inTransaction(db(), (tx) => resetForSubscription(tx, { userId, tier: 'starter', periodStart: anchor, periodEnd: renewal, eventId: randomUUID() }));
      const opened = (await walletRow(db(), userId))!;
      expect(opened.creditsRefillAt.toISOString()).toBe('2026-02-28T10:00:00.000Z');
      expect(opened.renewsAt.toISOString()).toBe(renewal.toISOString());
      await adjust(userId, -600_000);
      await inTransaction(db(), (tx) => purchaseCredits(tx, { userId, credits: 7_000, purchaseId: `cs_${userId}` }));
      expect((await ensureWallet(db(), userId, 'starter', new Date('2026-02-28T09:59:59.000Z'))).creditsRemaining).toBe(400_000);

      const refilled = await ensureWallet(db(), userId, 'starter', new Date('2026-03-01T00:00:00.000Z'));
      expect(refilled).toMatchObject({ tier: 'starter', creditsRemaining: 1_000_000, purchasedCredits: 7_000, apiCallsUsed: 0 });
      expect(toWallet(refilled)).toMatchObject({ periodStart: '2026-02-28T10:00:00.000Z', refillsAt: '2026-03-31T10:00:00.000Z', renewsAt: renewal.toISOString() });

      // Months missed in between are skipped; refills never pass the billing renewal, where billing's own event takes over.
      const late = await ensureWallet(db(), userId, 'starter', new Date('2027-02-15T00:00:00.000Z'));
      expect(toWallet(late)).toMatchObject({ periodStart: '2026-12-31T10:00:00.000Z', refillsAt: renewal.toISOString(), renewsAt: renewal.toISOString() });
      await adjust(userId, -1);
      expect((await ensureWallet(db(), userId, 'starter', new Date('2027-03-15T00:00:00.000Z'))).creditsRemaining).toBe(999_999);
      const sums = await ledgerAndBalance(userId);
      expect(sums.ledger).toEqual(sums.balance);
    });

    it('does not refill a monthly subscriber before billing renews it', async () => {
      const userId = randomUUID();
      await inTransaction(db(), (tx) =>
        resetForSubscription(tx, {
          userId,
          tier: 'starter',
          periodStart: new Date('2026-01-10T00:00:00.000Z'),
          periodEnd: new Date('2026-02-10T00:00:00.000Z'),
          eventId: randomUUID(),
        }),
      );
      await adjust(userId, -1);
      const row = await ensureWallet(db(), userId, 'starter', new Date('2026-02-20T00:00:00.000Z'));
      expect(toWallet(row)).toMatchObject({ creditsRemaining: 999_999, refillsAt: '2026-02-10T00:00:00.000Z', renewsAt: '2026-02-10T00:00:00.000Z' });
    });

    it('rolls a free wallet at the very moment its period ends, and keeps an unknown tier on the free allowance', async () => {
      const userId = await walletWith({ tier: 'legacy', selfRenewing: true, creditsRemaining: 0, purchasedCredits: 0 });
      const row = await ensureWallet(db(), userId, 'starter', addMonth(start));
      expect(row).toMatchObject({ tier: 'free', creditsRemaining: 50_000 });
      expect(row.periodStart.toISOString()).toBe(addMonth(start).toISOString());
      // No plan credits were left to expire: the grant is the period's only row.
      expect((await ledger(userId)).map((entry) => entry.kind)).toEqual(['grant']);
    });

    it('takes the wallet a concurrent request opened since the read found none, rather than opening it again', async () => {
      const userId = await walletWith({ tier: 'free', selfRenewing: true, creditsRemaining: 10 });
      const row = await walletInUse(db(), undefined, { userId, tier: 'free' }, start);
      expect(row).toMatchObject({ userId, creditsRemaining: 10, purchasedCredits: 500 });
      expect(await ledger(userId)).toEqual([]);
    });

    it('refills a month once when two requests find it ended: the later one takes the wallet as the earlier one left it', async () => {
      const userId = await walletWith({ tier: 'free', selfRenewing: true, creditsRemaining: 3 });
      const readBeforeTheRefill = (await walletRow(db(), userId))!;
      const now = addMonth(start);
      expect((await ensureWallet(db(), userId, 'free', now)).creditsRemaining).toBe(50_000);
      await adjust(userId, -1_000);
      const later = await walletInUse(db(), readBeforeTheRefill, { userId, tier: 'free' }, now);
      expect(later).toMatchObject({ creditsRemaining: 49_000, purchasedCredits: 500 });
      expect((await ledger(userId)).map((entry) => entry.kind).sort()).toEqual(['admin-adjustment', 'expiry', 'grant']);
    });
  });

  describe('spending', () => {
    it('reads wallets for the users asked about only', async () => {
      const [a, b] = [await walletWith({ tier: 'legacy' }), await walletWith()];
      await walletWith();
      const wallets = await findWallets(db(), [a, b, randomUUID()]);
      expect(wallets.map((wallet) => wallet.userId).sort()).toEqual([a, b].sort());
      expect(wallets.find((wallet) => wallet.userId === a)).toEqual({
        userId: a,
        tier: 'free',
        creditsRemaining: 1_000,
        creditsLimit: 1_000,
        purchasedCredits: 500,
        apiCallsUsed: 0,
        apiCallsLimit: 10,
        periodStart: start.toISOString(),
        refillsAt: '2026-04-10T08:00:00.000Z',
        renewsAt: '2026-04-10T08:00:00.000Z',
      });
      expect(wallets.find((wallet) => wallet.userId === b)?.tier).toBe('starter');
    });

    it('reserves from plan credits first, then bought ones, and counts one API call', async () => {
      const userId = await walletWith({ creditsRemaining: 1_000, purchasedCredits: 500 });
      const result = await reserve(userId, 1_200);
      expect(result.ok && result.reservation).toEqual({ plan: 1_000, purchased: 200 });
      expect(result.ok && result.wallet.purchasedCredits).toBe(300);
      expect(await balanceOf(userId)).toEqual({ plan: 0, purchased: 300, calls: 1 });
    });

    it('refuses a reservation larger than both buckets, and one past the API-call limit, without touching the wallet', async () => {
      const poor = await walletWith({ creditsRemaining: 100, purchasedCredits: 50 });
      expect(await reserve(poor, 151)).toMatchObject({ ok: false, reason: 'credits', wallet: { userId: poor } });
      expect(await reserve(poor, 150)).toMatchObject({ ok: true });
      const busy = await walletWith({ apiCallsUsed: 10, apiCallsLimit: 10 });
      expect(await reserve(busy, 1)).toMatchObject({ ok: false, reason: 'calls', wallet: { userId: busy } });
      expect(await balanceOf(busy)).toEqual({ plan: 1_000, purchased: 500, calls: 10 });
      const lastCall = await walletWith({ apiCallsUsed: 9, apiCallsLimit: 10 });
      expect(await reserve(lastCall, 1)).toMatchObject({ ok: true });
    });

    it('neither checks nor counts API calls for a reservation that does not count one (a web chat send)', async () => {
      const busy = await walletWith({ apiCallsUsed: 10, apiCallsLimit: 10 });
      expect(await reserve(busy, 100, randomUUID(), false)).toMatchObject({ ok: true });
      expect(await balanceOf(busy)).toEqual({ plan: 900, purchased: 500, calls: 10 });
      // A caller that says nothing is a web chat send too: API calls are counted only when asked.
      const unsaid = await inTransaction(db(), async (tx) => reserveCredits(tx, await lockWallet(tx, busy), 100, randomUUID()));
      expect(unsaid).toMatchObject({ ok: true });
      expect(await balanceOf(busy)).toEqual({ plan: 800, purchased: 500, calls: 10 });
    });

    it('takes from the balance as it is when reserving on a wallet read earlier, and nothing when a change meanwhile left too little', async () => {
      const userId = await walletWith({ creditsRemaining: 1_000, purchasedCredits: 500 });
      const earlier = (await walletRow(db(), userId))!;
      await adjust(userId, -900);
      // Read as 1,000 plan credits, the wallet now holds 100: the split follows what it holds.
      expect(await reserveCredits(db(), earlier, 300, randomUUID())).toMatchObject({ ok: true, reservation: { plan: 100, purchased: 200 } });
      expect(await balanceOf(userId)).toEqual({ plan: 0, purchased: 300, calls: 0 });
      expect(await reserveCredits(db(), earlier, 301, randomUUID())).toEqual({ ok: false, reason: 'changed' });
      expect(await balanceOf(userId)).toEqual({ plan: 0, purchased: 300, calls: 0 });
      // The wallet opened with 1,000 and 500 outside the ledger; every change since has its row.
      expect((await ledgerAndBalance(userId)).ledger).toEqual({ plan: -1_000, purchased: -200 });
    });

    it('bounds a send reserved on a wallet read earlier by what the wallet holds now, and refuses when it now holds too little', async () => {
      const userId = await walletWith({ creditsRemaining: 1_000, purchasedCredits: 500 });
      const earlier = (await walletRow(db(), userId))!;
      await adjust(userId, -1_000);
      const send = (seen: typeof earlier) =>
        inTransaction(db(), (tx) => reserveReply(tx, { userId, replyId: randomUUID(), messageTokens: 1, maxReplyTokens: 50, countsApiCall: false, seen }));
      // Read as 1,500, the wallet holds 500: 4 reply tokens and the message's one, not the 14 the earlier figures allowed.
      const reservation = await send(earlier);
      expect(reservation.replyBound).toBe(replyTokenBound({ balance: 500, messageTokens: 1, maxReplyTokens: 50 }));
      expect(reservation.buckets).toEqual({ plan: 0, purchased: 500 });
      expect(await balanceOf(userId)).toEqual({ plan: 0, purchased: 0, calls: 0 });
      await expect(send(earlier)).rejects.toBeInstanceOf(InsufficientCreditsError);
      expect((await ledgerAndBalance(userId)).ledger).toEqual({ plan: -1_000, purchased: -500 });
    });

    it('refuses to touch a wallet that does not exist, with a 404 rather than a crash', async () => {
      const nobody = randomUUID();
      await expect(reserve(nobody, 1)).rejects.toBeInstanceOf(WalletNotFoundError);
      await expect(adjust(nobody, -1)).rejects.toBeInstanceOf(WalletNotFoundError);
      await expect(
        inTransaction(db(), (tx) => refundCredits(tx, { userId: nobody, amount: { plan: 1, purchased: 0 }, messageId: randomUUID(), reason: 'x', actorId: randomUUID() })),
      ).rejects.toMatchObject({
        status: 404,
        code: 'wallet_not_found',
      });
      expect(await ledger(nobody)).toEqual([]);
    });

    it('settles to the cost, giving the rest back to the bucket each credit came from', async () => {
      const userId = await walletWith({ creditsRemaining: 1_000, purchasedCredits: 500 });
      const messageId = randomUUID();
      const reserved = await reserve(userId, 1_200, messageId);
      if (!reserved.ok) throw new Error('reservation refused');
      // 1,000 plan + 200 purchased reserved; a 900 cost gives 300 back: the 200 purchased first, then 100 plan.
      const settled = await inTransaction(db(), (tx) => settleReservation(tx, { userId, reservation: reserved.reservation, cost: 900, messageId }));
      expect(settled.charged).toBe(900);
      expect(await balanceOf(userId)).toEqual({ plan: 100, purchased: 500, calls: 1 });
      const rows = (await ledger(userId)).filter((entry) => entry.messageId === messageId);
      expect(rows.map((entry) => [entry.kind, entry.planDelta, entry.purchasedDelta, entry.reason]).sort()).toEqual([
        ['reservation', -1_000, -200, null],
        ['settlement', 100, 200, 'reserved 1200, cost 900'],
      ]);
      const sums = await ledgerAndBalance(userId);
      expect(sums.ledger).toEqual({ plan: 100 - 1_000, purchased: 0 });
    });

    it('refuses a settlement above its reservation rather than charging less than was delivered', async () => {
      const userId = await walletWith({ creditsRemaining: 1_000, purchasedCredits: 500 });
      const messageId = randomUUID();
      const reserved = await reserve(userId, 300, messageId);
      if (!reserved.ok) throw new Error('reservation refused');
      await expect(inTransaction(db(), (tx) => settleReservation(tx, { userId, reservation: reserved.reservation, cost: 301, messageId }))).rejects.toBeInstanceOf(
        SettlementOverReservationError,
      );
      await expect(inTransaction(db(), (tx) => settleReservation(tx, { userId, reservation: reserved.reservation, cost: -1, messageId }))).rejects.toBeInstanceOf(
        SettlementOverReservationError,
      );
      expect(await balanceOf(userId)).toEqual({ plan: 700, purchased: 500, calls: 1 });
      // exactly the reservation is fine: nothing comes back
      await inTransaction(db(), (tx) => settleReservation(tx, { userId, reservation: reserved.reservation, cost: 300, messageId }));
      expect(await balanceOf(userId)).toEqual({ plan: 700, purchased: 500, calls: 1 });
    });

    it('settles a cost of nothing by giving the whole reservation back', async () => {
      const userId = await walletWith({ creditsRemaining: 1_000, purchasedCredits: 0 });
      const messageId = randomUUID();
      const reserved = await reserve(userId, 400, messageId);
      if (!reserved.ok) throw new Error('reservation refused');
      expect((await inTransaction(db(), (tx) => settleReservation(tx, { userId, reservation: reserved.reservation, cost: 0, messageId }))).charged).toBe(0);
      expect(await balanceOf(userId)).toEqual({ plan: 1_000, purchased: 0, calls: 1 });
    });

    it('refunds a reply into the buckets given, booked as a refund with its reason and admin', async () => {
      const userId = await walletWith({ creditsRemaining: 100, purchasedCredits: 0 });
      const messageId = randomUUID();
      const actorId = randomUUID();
      await inTransaction(db(), (tx) => refundCredits(tx, { userId, amount: { plan: 30, purchased: 20 }, messageId, reason: 'bad answer', actorId }));
      expect(await balanceOf(userId)).toEqual({ plan: 130, purchased: 20, calls: 0 });
      expect(await ledger(userId)).toEqual([expect.objectContaining({ kind: 'refund', planDelta: 30, purchasedDelta: 20, messageId, reason: 'bad answer', actorId })]);
    });

    it('releases a failed reply in full, API call included when it counted one', async () => {
      const userId = await walletWith({ creditsRemaining: 100, purchasedCredits: 500, apiCallsUsed: 3 });
      const messageId = randomUUID();
      const reserved = await reserve(userId, 400, messageId);
      if (!reserved.ok) throw new Error('reservation refused');
      expect(await balanceOf(userId)).toEqual({ plan: 0, purchased: 200, calls: 4 });
      await inTransaction(db(), (tx) => releaseReservation(tx, { userId, reservation: reserved.reservation, messageId, reason: 'provider failure', countsApiCall: true }));
      expect(await balanceOf(userId)).toEqual({ plan: 100, purchased: 500, calls: 3 });
      expect((await ledger(userId)).map((entry) => entry.kind).sort()).toEqual(['release', 'reservation']);
      // A web chat send counted no call, so its release gives none back.
      const web = randomUUID();
      const sent = await reserve(userId, 400, web, false);
      if (!sent.ok) throw new Error('reservation refused');
      await inTransaction(db(), (tx) => releaseReservation(tx, { userId, reservation: sent.reservation, messageId: web, reason: 'provider failure' }));
      expect(await balanceOf(userId)).toEqual({ plan: 100, purchased: 500, calls: 3 });
    });

    it('books a purchase once per purchase id, into the purchased bucket', async () => {
      const userId = await walletWith({ creditsRemaining: 10, purchasedCredits: 0 });
      const purchaseId = `cs_${userId}`;
      expect(await inTransaction(db(), (tx) => purchaseCredits(tx, { userId, credits: 25, purchaseId }))).toMatchObject({ purchasedCredits: 25 });
      expect(await inTransaction(db(), (tx) => purchaseCredits(tx, { userId, credits: 25, purchaseId }))).toBeNull();
      expect(await balanceOf(userId)).toEqual({ plan: 10, purchased: 25, calls: 0 });
      expect(await ledger(userId)).toEqual([expect.objectContaining({ kind: 'top-up', planDelta: 0, purchasedDelta: 25, reference: purchaseId, reason: 'credits purchased' })]);
    });

    it('refuses a purchase that would take the wallet past its maximum, and takes one that reaches it exactly', async () => {
      const userId = await walletWith({ creditsRemaining: 999_999_999_000, purchasedCredits: 900 });
      const buy = (credits: number) => inTransaction(db(), (tx) => purchaseCredits(tx, { userId, credits, purchaseId: `cs_${randomUUID()}` }));
      await expect(buy(101)).rejects.toMatchObject({ status: 400, fields: [{ path: 'credits' }] });
      expect(await balanceOf(userId)).toEqual({ plan: 999_999_999_000, purchased: 900, calls: 0 });
      expect(await buy(100)).toMatchObject({ purchasedCredits: 1_000 });
    });
  });

  describe('admin adjustments', () => {
    it('adds plan credits for a positive amount', async () => {
      const userId = await walletWith({ creditsRemaining: 10, purchasedCredits: 5 });
      const result = await adjust(userId, 40);
      expect({ ...result.change, wallet: toWallet(result.wallet).creditsRemaining }).toEqual({ plan: 40, purchased: 0, wallet: 50 });
      expect(await ledger(userId)).toEqual([expect.objectContaining({ kind: 'admin-adjustment', planDelta: 40, purchasedDelta: 0, reason: 'test' })]);
    });

    it('deducts plan credits first, then bought ones, down to exactly zero', async () => {
      const userId = await walletWith({ creditsRemaining: 10, purchasedCredits: 5 });
      const result = await adjust(userId, -15);
      expect(result.change).toEqual({ plan: -10, purchased: -5 });
      expect(await balanceOf(userId)).toEqual({ plan: 0, purchased: 0, calls: 0 });
    });

    it('takes a deduction the plan credits cover from them alone', async () => {
      const userId = await walletWith({ creditsRemaining: 500, purchasedCredits: 70 });
      expect((await adjust(userId, -300)).change).toEqual({ plan: -300, purchased: -0 });
      expect((await adjust(userId, -200)).change).toEqual({ plan: -200, purchased: -0 });
      expect(await balanceOf(userId)).toEqual({ plan: 0, purchased: 70, calls: 0 });
    });

    it('refuses a deduction larger than the balance and says what is left', async () => {
      const userId = await walletWith({ creditsRemaining: 10, purchasedCredits: 5 });
      const error = await adjust(userId, -16).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BalanceTooLowError);
      expect((error as Error).message).toBe('The deduction is larger than the balance: only 15 credits are left.');
      expect(await balanceOf(userId)).toEqual({ plan: 10, purchased: 5, calls: 0 });
    });

    it('adds past the 32-bit range, and refuses an addition that would pass the wallet maximum with 400 naming the field', async () => {
      const userId = await walletWith({ creditsRemaining: 0, purchasedCredits: 0 });
      for (let step = 0; step < 3; step += 1) await adjust(userId, 1_000_000_000);
      expect(await balanceOf(userId)).toEqual({ plan: 3_000_000_000, purchased: 0, calls: 0 });
      const full = await walletWith({ creditsRemaining: 999_999_999_999, purchasedCredits: 0 });
      expect(await adjust(full, 1)).toMatchObject({ wallet: { creditsRemaining: 1_000_000_000_000 } });
      const error = await adjust(full, 1).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BalanceTooHighError);
      expect(error).toMatchObject({ status: 400, fields: [{ path: 'credits' }] });
    });
  });

  describe('allowances from catalog plans', () => {
    it('follows a plan through creation, change and deletion', async () => {
      const id = `plan-${randomUUID()}`;
      await applyPlanChanged(db(), { change: 'created', plan: planFixture({ id, tier: 'professional', platformCreditsLimit: 3_000_000, apiCallsLimit: 900 }) });
      expect(await allowanceFor(db(), 'professional')).toEqual({ credits: 3_000_000, apiCalls: 900 });
      await applyPlanChanged(db(), { change: 'updated', plan: planFixture({ id, tier: 'professional', platformCreditsLimit: 2_500_000, apiCallsLimit: 800 }) });
      expect(await allowanceFor(db(), 'professional')).toEqual({ credits: 2_500_000, apiCalls: 800 });
      await applyPlanChanged(db(), { change: 'updated', plan: planFixture({ id, tier: 'professional', isActive: false }) });
      expect(await allowanceFor(db(), 'professional')).toEqual({ credits: 2_000_000, apiCalls: 500 });
      await applyPlanChanged(db(), { change: 'updated', plan: planFixture({ id, tier: 'professional', platformCreditsLimit: 2_500_000, apiCallsLimit: 800 }) });
      await applyPlanChanged(db(), { change: 'deleted', plan: planFixture({ id, tier: 'professional' }) });
      expect(await allowanceFor(db(), 'professional')).toEqual({ credits: 2_000_000, apiCalls: 500 });
    });

    it('knows the four tiers and nothing else', () => {
      expect(['free', 'starter', 'professional', 'enterprise'].every(isTier)).toBe(true);
      expect(isTier('legacy')).toBe(false);
      expect(isTier('')).toBe(false);
    });
  });
});
