import { randomUUID } from 'node:crypto';
import { creditsForTokens, estimateTokens } from '@agentdock/contracts';
import { eq } from '@agentdock/service-data/orm';
import { AppError } from '@agentdock/service-kit';
import fc from 'fast-check';
import { chatMessages, chatWalletLedger } from '../src/db/schema';
import { completeSend, prepareSend, type SendDeps } from '../src/domain/chat';
import { setKnowledgeSettings, uploadKnowledgeFile } from '../src/domain/knowledge/files';
import { ensureWallet } from '../src/domain/wallet';
import { type ChatProvider, type ProviderRequest, ProviderError } from '../src/providers/provider';
import { ChatHarness, DRIVER } from './harness';

/**
 * Charged ≥ delivered with knowledge: for random files, token budgets, balances, messages and
 * replies (whole, stopped, failed), everything the model read beyond its instructions (the
 * message and the knowledge passages) and everything the customer saw is paid for, the charge
 * never passes the reservation, and the ledger still sums to the balance. On PGlite in `npm test`,
 * on PostgreSQL with TEST_DATABASE_URL.
 */
const VOCABULARY = ['refund', 'pricing', 'plan', 'shipping', 'warranty', 'invoice', 'support', 'renewal', 'discount', 'order', 'meeting', 'contract'];
const sentence = fc.array(fc.constantFrom(...VOCABULARY), { minLength: 3, maxLength: 20 }).map((words) => `${words.join(' ')}.`);
const fileText = fc
  .array(sentence, { minLength: 1, maxLength: 60 })
  .map((sentences) => sentences.join(' ').replace(/(\. )/g, (match, _dot, offset: number) => (offset % 7 === 0 ? '.\n\n' : match)));
const scenario = fc.record({
  files: fc.array(fileText, { minLength: 0, maxLength: 4 }),
  budget: fc.integer({ min: 0, max: 2_000 }),
  balance: fc.integer({ min: 0, max: 400_000 }),
  message: fc.array(fc.constantFrom(...VOCABULARY, 'what', 'is', 'the', 'hello'), { minLength: 1, maxLength: 12 }).map((words) => words.join(' ')),
  pieces: fc.array(fc.stringMatching(/^[a-z]{1,9} $/), { minLength: 0, maxLength: 60 }),
  ending: fc.constantFrom('complete' as const, 'stop' as const, 'fail' as const),
  at: fc.nat(60),
  reportedTokens: fc.option(fc.nat(300), { nil: null }),
});
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

describe(`metering with knowledge on ${DRIVER}`, () => {
  let chat: ChatHarness;
  beforeAll(async () => {
    // The provider is scripted per send; this URL is never called.
    chat = await ChatHarness.start({ DEMO_AGENT_PROVIDER_URL: 'http://127.0.0.1:9/v1' });
  });
  afterAll(() => chat.close());

  /** Streams the pieces, honours the signal and max_tokens as real providers do, and keeps what it was asked. */
  function scripted(run: Scenario, leave: AbortController, asked: ProviderRequest[]): ChatProvider {
    return {
      name: 'scripted',
      demo: false,
      async reply(request) {
        asked.push(request);
        let text = '';
        for (const [index, piece] of run.pieces.entries()) {
          if (request.signal.aborted) throw Object.assign(new Error('aborted'), { name: 'AbortError' });
          if (index === run.at && run.ending === 'stop') {
            leave.abort();
            throw Object.assign(new Error('aborted'), { name: 'AbortError' });
          }
          if (index === run.at && run.ending === 'fail') throw new ProviderError('the agent provider answered 500');
          request.onToken(piece);
          text += piece;
        }
        if (run.ending === 'fail') throw new ProviderError('the stream broke');
        const usage = run.reportedTokens === null ? null : { promptTokens: 7, completionTokens: Math.min(run.reportedTokens, request.maxTokens) };
        return { text, usage, imageUrl: null };
      },
    };
  }

  it('charges at least the message, the retrieved passages and the reply delivered, never more than it reserved', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (run) => {
        const agent = await chat.agent();
        for (const [index, text] of run.files.entries())
          await uploadKnowledgeFile(chat.service.context, { agentId: agent.id, name: `file-${index}.md`, bytes: new TextEncoder().encode(text) });
        await setKnowledgeSettings(chat.service.context, agent.id, { tokenBudget: run.budget });
        const userId = randomUUID();
        await ensureWallet(chat.db, userId, 'free');
        await chat.setPlanCredits(userId, run.balance);

        const leave = new AbortController();
        const asked: ProviderRequest[] = [];
        const deps: SendDeps = { context: chat.service.context, provider: scripted(run, leave, asked), lowBalanceRatio: 0.1, replyLimits: { maxReplyTokens: 80, perAgent: {} } };
        const input = { userId, tier: 'free' as const, agentId: agent.id, message: run.message };
        let prepared;
        try {
          prepared = await prepareSend(deps, input);
        } catch (error) {
          // Refused before anything happened: nothing booked.
          expect(error).toBeInstanceOf(AppError);
          expect((error as AppError).status).toBe(402);
          return;
        }
        let shown = '';
        const result = await completeSend(deps, { ...input, signal: leave.signal, onWaiting: () => undefined, onToken: (text) => (shown += text) }, prepared);
        const ledger = await chat.db.select().from(chatWalletLedger).where(eq(chatWalletLedger.userId, userId));
        const wallet = (await chat.wallet(userId))!;
        expect(ledger.reduce((sum, row) => sum + row.planDelta, 0)).toBe(wallet.creditsRemaining);
        const rows = ledger.filter((row) => row.messageId === prepared.replyId);
        const reserved = -rows.filter((row) => row.kind === 'reservation').reduce((sum, row) => sum + row.planDelta + row.purchasedDelta, 0);
        const charged = -rows.reduce((sum, row) => sum + row.planDelta + row.purchasedDelta, 0);
        // What the model read beyond the agent's own instructions: the knowledge block and the message.
        const [system] = asked[0]!.messages!.filter((message) => message.role === 'system');
        const instructions = `You are ${agent.name}.`;
        expect(system!.content.startsWith(instructions)).toBe(true);
        const knowledgeRead = estimateTokens(system!.content.slice(instructions.length));
        const passagesGiven = (system!.content.match(/^\[[^\]]+\]$/gm) ?? []).length;
        expect(passagesGiven).toBe(prepared.knowledge?.passages.length ?? 0);
        expect(prepared.knowledge!.passages.reduce((sum, passage) => sum + passage.tokens, 0)).toBeLessThanOrEqual(run.budget);
        const inputRead = estimateTokens(run.message) + knowledgeRead;
        // Never more delivered than the reservation pays for.
        expect(creditsForTokens(inputRead + estimateTokens(shown))).toBeLessThanOrEqual(reserved);
        if (!result.ok) {
          expect(charged === 0).toBe(true);
          return;
        }
        const [reply] = await chat.db.select().from(chatMessages).where(eq(chatMessages.id, prepared.replyId));
        expect(reply!.platformCreditsUsed).toBe(charged);
        expect(charged).toBeLessThanOrEqual(reserved);
        // The reply as the platform counts it everywhere: the provider's own count where it gave one for a whole reply.
        const replyTokens = reply!.stopReason === null && run.reportedTokens !== null ? Math.min(run.reportedTokens, prepared.replyBound) : estimateTokens(shown);
        expect(charged).toBeGreaterThanOrEqual(creditsForTokens(inputRead + replyTokens));
        expect((reply!.sources ?? []).length).toBe(passagesGiven);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 40) },
    );
  });
});
