import { randomUUID } from 'node:crypto';
import { useWalletDb } from '../../test/wallet-db';
import { planFixture } from '@agentdock/contracts/testing';
import { allowanceFor, applyPlanChanged, isTier } from './allowances';
import { BalanceTooHighError, BalanceTooLowError } from './errors';
import { toWallet } from './wallet';

describe(`chat wallet: adjustments and allowances (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  const { db, ledger, walletWith, adjust, balanceOf } = useWalletDb();

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
