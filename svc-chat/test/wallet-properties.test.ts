import { randomUUID } from 'node:crypto';
import { creditsForTokens, creditsPurchasedV1, estimateTokens, type EventDefinition, subscriptionCanceledV1, subscriptionRenewedV1, userRegisteredV1 } from '@agentdock/contracts';
import { inTransaction } from '@agentdock/service-data';
import { eq } from '@agentdock/service-data/orm';
import { AppError, ConflictError } from '@agentdock/service-kit';
import fc from 'fast-check';
import type { z } from 'zod';
import { chatMessages, chatWalletLedger } from '../src/db/schema';
import { refundMessage } from '../src/domain/admin';
import { completeSend, prepareSend, type SendDeps } from '../src/domain/chat';
import { BalanceTooLowError } from '../src/domain/errors';
import { adjustCredits } from '../src/domain/ledger';
import { ApiKeyCache } from '../src/domain/api-key-cache';
import { chatConsumers } from '../src/events/consumers';
import { type ChatProvider, ProviderError } from '../src/providers/provider';
import { ChatHarness, DRIVER } from './harness';

/**
 * Random sequences of every kind of wallet change, through the real domain code and event
 * handlers, on PGlite in `npm test` and on PostgreSQL when TEST_DATABASE_URL is set. After every
 * step: the ledger sums to the balance, nothing is negative; for every reply the charge covers
 * what was delivered and fits the reservation; a refund never exceeds its charge; a replayed event
 * changes nothing.
 */

type SendScript = {
  kind: 'send';
  message: string;
  pieces: string[];
  /** complete: the whole reply; stop: the user leaves after `at` pieces; fail: the provider breaks after `at` pieces. */
  ending: 'complete' | 'stop' | 'fail';
  at: number;
  reportedTokens: number | null;
};
type Step =
  | SendScript
  | { kind: 'grant'; tier: 'starter' | 'professional'; month: number }
  | { kind: 'purchase'; credits: number; purchase: number }
  | { kind: 'cancel' }
  | { kind: 'adjust'; credits: number }
  | { kind: 'refund'; pick: number }
  | { kind: 'replay'; pick: number };

const word = fc.stringMatching(/^[a-z]{1,9} $/);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('send' as const),
      message: fc.stringMatching(/^[a-z ]{1,60}$/).filter((text) => text.trim() !== ''),
      pieces: fc.array(word, { minLength: 0, maxLength: 40 }),
      ending: fc.constantFrom('complete' as const, 'stop' as const, 'fail' as const),
      at: fc.nat(40),
      reportedTokens: fc.option(fc.nat(200), { nil: null }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('grant' as const), tier: fc.constantFrom('starter' as const, 'professional' as const), month: fc.nat(24) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('purchase' as const), credits: fc.integer({ min: 1, max: 5_000_000 }), purchase: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'cancel' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('adjust' as const), credits: fc.integer({ min: -3_000_000, max: 3_000_000 }).filter((credits) => credits !== 0) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('refund' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replay' as const), pick: fc.nat() }) },
);

describe(`wallet properties on ${DRIVER}`, () => {
  let chat: ChatHarness;
  let agentId: string;
  let handlers: Map<string, (envelope: unknown) => Promise<void>>;

  beforeAll(async () => {
    // The provider is scripted per send below; this URL is never called.
    chat = await ChatHarness.start({ DEMO_AGENT_PROVIDER_URL: 'http://127.0.0.1:9/v1' });
    agentId = (await chat.agent()).id;
    handlers = new Map(
      chatConsumers(chat.service.context, { keys: new ApiKeyCache() }).map((consumer) => [consumer.subject, consumer.handler as (envelope: unknown) => Promise<void>]),
    );
  });
  afterAll(() => chat.close());

  /** A provider that streams the script's pieces, honours the signal and max_tokens as real ones do, and ends as the script says. */
  function scripted(script: SendScript, leave: AbortController): ChatProvider {
    return {
      name: 'scripted',
      demo: false,
      async reply(request) {
        let text = '';
        for (const [index, piece] of script.pieces.entries()) {
          if (request.signal.aborted) throw Object.assign(new Error('aborted'), { name: 'AbortError' });
          if (index === script.at && script.ending === 'stop') {
            leave.abort();
            throw Object.assign(new Error('aborted'), { name: 'AbortError' });
          }
          if (index === script.at && script.ending === 'fail') throw new ProviderError('the agent provider answered 500');
          request.onToken(piece);
          text += piece;
        }
        if (script.ending === 'fail') throw new ProviderError('the stream broke');
        const usage = script.reportedTokens === null ? null : { promptTokens: 7, completionTokens: Math.min(script.reportedTokens, request.maxTokens) };
        return { text, usage, imageUrl: null };
      },
    };
  }

  async function snapshot(userId: string) {
    const wallet = (await chat.wallet(userId))!;
    const ledger = await chat.db.select().from(chatWalletLedger).where(eq(chatWalletLedger.userId, userId));
    return { wallet, ledger };
  }

  async function expectBalanced(userId: string) {
    const { wallet, ledger } = await snapshot(userId);
    expect(wallet.creditsRemaining).toBeGreaterThanOrEqual(0);
    expect(wallet.purchasedCredits).toBeGreaterThanOrEqual(0);
    expect(ledger.reduce((sum, row) => sum + row.planDelta, 0)).toBe(wallet.creditsRemaining);
    expect(ledger.reduce((sum, row) => sum + row.purchasedDelta, 0)).toBe(wallet.purchasedCredits);
  }

  type Delivery = { subject: string; envelope: unknown };
  async function deliver<TType extends string, TData extends z.ZodType>(event: EventDefinition<TType, TData>, data: z.infer<TData>, delivered: Delivery[]) {
    const envelope = { id: randomUUID(), type: event.type, version: event.version, occurredAt: new Date().toISOString(), source: 'test', data };
    delivered.push({ subject: event.subject, envelope });
    await handlers.get(event.subject)!(envelope);
  }

  async function send(userId: string, script: SendScript, replies: string[]) {
    const leave = new AbortController();
    const deps: SendDeps = { context: chat.service.context, provider: scripted(script, leave), lowBalanceRatio: 0.1, replyLimits: { maxReplyTokens: 60, perAgent: {} } };
    const input = { userId, tier: 'professional' as const, agentId, message: script.message };
    const before = await snapshot(userId);
    let prepared;
    try {
      prepared = await prepareSend(deps, input);
    } catch (error) {
      // Refused before anything happened (402 credits, 429 calls): the wallet is untouched.
      expect(error).toBeInstanceOf(AppError);
      expect([402, 429]).toContain((error as AppError).status);
      expect((await snapshot(userId)).ledger).toHaveLength(before.ledger.length);
      return;
    }
    let delivered = '';
    const result = await completeSend(deps, { ...input, signal: leave.signal, onWaiting: () => undefined, onToken: (text) => (delivered += text) }, prepared);
    const rows = (await snapshot(userId)).ledger.filter((row) => row.messageId === prepared.replyId);
    const reserved = -rows.filter((row) => row.kind === 'reservation').reduce((sum, row) => sum + row.planDelta + row.purchasedDelta, 0);
    const charged = -rows.reduce((sum, row) => sum + row.planDelta + row.purchasedDelta, 0);
    const [reply] = await chat.db.select().from(chatMessages).where(eq(chatMessages.id, prepared.replyId));
    const messageTokens = estimateTokens(script.message);
    // Never more delivered than the reservation pays for.
    expect(creditsForTokens(messageTokens + estimateTokens(delivered))).toBeLessThanOrEqual(reserved);
    if (!result.ok) {
      expect(script.ending).toBe('fail');
      expect(charged === 0).toBe(true);
      return;
    }
    replies.push(prepared.replyId);
    expect(reply!.platformCreditsUsed).toBe(charged);
    expect(charged).toBeLessThanOrEqual(reserved);
    const reportedCounts = reply!.stopReason === null && script.reportedTokens !== null;
    const deliveredTokens = reportedCounts ? Math.min(script.reportedTokens!, prepared.replyBound) : estimateTokens(delivered);
    expect(charged).toBeGreaterThanOrEqual(creditsForTokens(messageTokens + deliveredTokens));
  }

  it('keeps the ledger, the balance and every charge consistent over random sequences of changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const userId = randomUUID();
        const delivered: Delivery[] = [];
        const replies: string[] = [];
        const refunded = new Set<string>();
        await deliver(userRegisteredV1, { userId, email: `p-${userId.slice(0, 8)}@example.com`, fullName: null, tier: 'free' }, delivered);
        await expectBalanced(userId);
        for (const current of steps) {
          if (current.kind === 'send') await send(userId, current, replies);
          else if (current.kind === 'grant') {
            const periodStart = new Date(Date.UTC(2026, current.month, 1));
            await deliver(
              subscriptionRenewedV1,
              {
                userId,
                subscriptionId: 'sub_p',
                tier: current.tier,
                billingPeriod: 'monthly',
                periodStart: periodStart.toISOString(),
                periodEnd: new Date(Date.UTC(2026, current.month + 1, 1)).toISOString(),
              },
              delivered,
            );
          } else if (current.kind === 'purchase') {
            await deliver(
              creditsPurchasedV1,
              { userId, purchaseId: `cs_${userId}_${current.purchase}`, packId: 'pack', credits: current.credits, amount: 100, currency: 'usd' },
              delivered,
            );
          } else if (current.kind === 'cancel') {
            await deliver(subscriptionCanceledV1, { userId, subscriptionId: 'sub_p', tier: 'starter', reason: 'canceled', endedAt: new Date().toISOString() }, delivered);
          } else if (current.kind === 'adjust') {
            const before = await snapshot(userId);
            const outcome = await inTransaction(chat.db, (tx) => adjustCredits(tx, { userId, credits: current.credits, reason: 'property', actorId: randomUUID() })).catch(
              (error: unknown) => error,
            );
            if (outcome instanceof BalanceTooLowError) expect((await snapshot(userId)).ledger).toHaveLength(before.ledger.length);
            else expect(outcome).toMatchObject({ change: expect.anything() });
          } else if (current.kind === 'refund' && replies.length > 0) {
            const messageId = replies[current.pick % replies.length]!;
            const charge = -(await snapshot(userId)).ledger.filter((row) => row.messageId === messageId).reduce((sum, row) => sum + row.planDelta + row.purchasedDelta, 0);
            const outcome = await refundMessage(chat.service.context, { messageId, reason: 'property', actor: { id: randomUUID(), email: 'ops@example.com' } }).catch(
              (error: unknown) => error,
            );
            if (refunded.has(messageId)) expect(outcome).toBeInstanceOf(ConflictError);
            else {
              refunded.add(messageId);
              const refund = (await snapshot(userId)).ledger.find((row) => row.messageId === messageId && row.kind === 'refund')!;
              expect(refund.planDelta + refund.purchasedDelta).toBeLessThanOrEqual(charge);
              expect(refund.planDelta + refund.purchasedDelta).toBe(charge);
            }
          } else if (current.kind === 'replay' && delivered.length > 0) {
            const { subject, envelope } = delivered[current.pick % delivered.length]!;
            const before = await snapshot(userId);
            await handlers.get(subject)!(envelope);
            const after = await snapshot(userId);
            expect(after.ledger).toHaveLength(before.ledger.length);
            expect([after.wallet.creditsRemaining, after.wallet.purchasedCredits]).toEqual([before.wallet.creditsRemaining, before.wallet.purchasedCredits]);
          }
          await expectBalanced(userId);
        }
      }),
      { numRuns: Number(process.env.WALLET_PROPERTY_RUNS ?? 25) },
    );
  }, 300_000);
});
