import { randomUUID } from 'node:crypto';
import { inTransaction } from '@agentdock/service-data';
import { useWalletDb } from '../../test/wallet-db';
import { replyTokenBound } from '@agentdock/contracts';
import { InsufficientCreditsError, SettlementOverReservationError, WalletNotFoundError } from './errors';
import { lockWallet, purchaseCredits, refundCredits, releaseReservation, reserveCredits, settleReservation } from './ledger';
import { reserveReply } from './metering/reserve';
import { findWallets, walletRow } from './wallet';

describe(`chat wallet: spending (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  const { db, ledger, start, walletWith, reserve, adjust, ledgerAndBalance, balanceOf } = useWalletDb();

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
});
