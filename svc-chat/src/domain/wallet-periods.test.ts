import { randomUUID } from 'node:crypto';
import { inTransaction } from '@agentdock/service-data';
import { useWalletDb } from '../../test/wallet-db';
import { chatPlanAllowances } from '../db/schema';
import { allowanceFor } from './allowances';
import { purchaseCredits } from './ledger';
import { resetForSubscription } from './subscriptions';
import { addMonth, ensureWallet, startPeriod, toWallet, walletInUse, walletRow } from './wallet';

describe(`chat wallet: periods and provisioning (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  const { db, ledger, start, walletWith, adjust, ledgerAndBalance } = useWalletDb();

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
});
