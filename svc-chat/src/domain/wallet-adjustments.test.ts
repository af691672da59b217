import { randomUUID } from 'node:crypto';
import { useWalletDb } from '../../test/wallet-db';
import { planFixture } from '@agentdock/contracts/testing';
import { allowanceFor, applyPlanChanged, isTier } from './allowances';
import { inTransaction } from '@agentdock/service-data';
import { BalanceTooHighError, BalanceTooLowError } from './errors';
import { type AllowanceChange, changeAllowance, lockWallet } from './ledger';
import { toWallet, walletRow } from './wallet';

describe(`chat wallet: adjustments and allowances (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  const { db, ledger, start, walletWith, adjust, balanceOf } = useWalletDb();

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

  describe('a plan change inside a month', () => {
    const change = (userId: string, values: Partial<AllowanceChange> = {}) =>
      inTransaction(db(), async (tx) =>
        changeAllowance(tx, await lockWallet(tx, userId), {
          userId,
          tier: 'professional',
          credits: { granted: 2_000, remaining: 1_600 },
          apiCalls: { granted: 500, used: 3 },
          reference: `plan-change:${userId}`,
          reason: 'starter to professional',
          ...values,
        }),
      );

    it('moves the plan credits by one plan-change row, follows the new allowance and keeps purchased credits and the period', async () => {
      const userId = await walletWith({ creditsRemaining: 700, purchasedCredits: 500, apiCallsUsed: 3 });
      const row = await change(userId);
      expect(row).toMatchObject({ tier: 'professional', creditsRemaining: 1_600, creditsLimit: 2_000, purchasedCredits: 500, apiCallsUsed: 3, apiCallsLimit: 500 });
      expect(row.periodStart.toISOString()).toBe(start.toISOString());
      expect(await ledger(userId)).toEqual([
        expect.objectContaining({ kind: 'plan-change', planDelta: 900, purchasedDelta: 0, reference: `plan-change:${userId}`, reason: 'starter to professional' }),
      ]);
    });

    it('takes plan credits back when the new plan leaves fewer, and writes no row when nothing moves', async () => {
      const down = await walletWith({ creditsRemaining: 700, purchasedCredits: 0 });
      await change(down, { tier: 'starter', credits: { granted: 500, remaining: 200 }, apiCalls: { granted: 50, used: 3 } });
      expect(await ledger(down)).toEqual([expect.objectContaining({ kind: 'plan-change', planDelta: -500 })]);
      expect(await balanceOf(down)).toEqual({ plan: 200, purchased: 0, calls: 3 });

      const same = await walletWith({ creditsRemaining: 1_600, purchasedCredits: 0 });
      const row = await change(same);
      expect(await ledger(same)).toEqual([]);
      expect(row).toMatchObject({ tier: 'professional', creditsRemaining: 1_600, creditsLimit: 2_000, apiCallsLimit: 500 });
    });

    it('moves the period with the change when billing restarted it, and the month no longer renews by itself', async () => {
      const userId = await walletWith({ creditsRemaining: 700, selfRenewing: true });
      const moved = new Date('2026-03-20T08:00:00.000Z');
      const period = { periodStart: moved, refillsAt: new Date('2026-04-20T08:00:00.000Z'), anchor: moved, renewsAt: new Date('2027-03-20T08:00:00.000Z') };
      await change(userId, { period });
      const row = (await walletRow(db(), userId))!;
      expect({ start: row.periodStart, refill: row.creditsRefillAt, anchor: row.periodAnchor, renews: row.renewsAt, selfRenewing: row.selfRenewing }).toEqual({
        start: period.periodStart,
        refill: period.refillsAt,
        anchor: period.anchor,
        renews: period.renewsAt,
        selfRenewing: false,
      });
    });
  });
});
