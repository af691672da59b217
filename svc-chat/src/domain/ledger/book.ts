import type { LedgerKind } from '@agentdock/contracts';
import { type Db, namedStatement, prefixedColumns, rawRowReader, type Tx } from '@agentdock/service-data';
import { eq, sql } from '@agentdock/service-data/orm';
import { type ChatSchema, chatWalletLedger, chatWallets } from '../../db/schema';
import { WalletNotFoundError } from '../errors';

/**
 * The one write of the ledger: a balance change and its row, together. Only the ledger's own
 * modules import `book` (`ledger.ts` re-exports the rest).
 */

export type WalletRow = typeof chatWallets.$inferSelect;

/** What a change took from (negative) or gave to (positive) each bucket. */
export interface Buckets {
  plan: number;
  purchased: number;
}

interface Entry extends Buckets {
  userId: string;
  kind: LedgerKind;
  messageId?: string;
  reference?: string;
  reason?: string;
  actorId?: string;
  /** On a team's pool: the member the change is for. */
  memberId?: string;
}

type WalletSet = Parameters<ReturnType<Db<ChatSchema>['update']>['set']>[0];
/** The wallet's other columns a change may set along with its balance (never the balance itself). */
type WalletFields = Omit<WalletSet, 'userId' | 'creditsRemaining' | 'purchasedCredits'>;

/**
 * The wallet's columns by name rather than `*`: a named statement's result may not change shape
 * while it is prepared, so a column added by a later migration must not break a running instance.
 */
export const walletColumns = (relation: string) => prefixedColumns(chatWallets, relation, '');

/** A wallet row out of a raw statement row (`NamedStatement.run`), in drizzle's shape. */
export const walletFromRaw = rawRowReader(chatWallets);

const value = (name: string) => sql.placeholder(name);

// The balance change and its ledger row as one statement: one round trip on every settlement. On a
// team's pool the row names the member, as the reservation's does, so the member's spending per day
// (the usage rollup of migration 0018) sees what a settlement or release gave back.
const bookStatement = namedStatement(
  'chat_wallet_book_member',
  sql`with changed as (
    update chat_wallets
    set credits_remaining = credits_remaining + ${value('plan')}::bigint,
        purchased_credits = purchased_credits + ${value('purchased')}::bigint,
        updated_at = ${value('at')}::timestamptz
    where user_id = ${value('userId')}::uuid
    returning ${walletColumns('chat_wallets')}
  ), ledger_row as (
    insert into chat_wallet_ledger (user_id, kind, plan_delta, purchased_delta, message_id, reference, reason, actor_id, member_id)
    select user_id, ${value('kind')}, ${value('plan')}::bigint, ${value('purchased')}::bigint, ${value('messageId')}::uuid, ${value('reference')}, ${value('reason')}, ${value('actorId')}::uuid, ${value('memberId')}::uuid
    from changed
  )
  select * from changed`,
);

export async function book(tx: Tx<ChatSchema>, entry: Entry, fields: WalletFields = {}): Promise<WalletRow> {
  if (Object.keys(fields).length === 0) {
    const [raw] = await bookStatement.run(tx, {
      userId: entry.userId,
      kind: entry.kind,
      plan: entry.plan,
      purchased: entry.purchased,
      messageId: entry.messageId ?? null,
      reference: entry.reference ?? null,
      reason: entry.reason ?? null,
      actorId: entry.actorId ?? null,
      memberId: entry.memberId ?? null,
      at: new Date().toISOString(),
    });
    const row = raw && walletFromRaw(raw);
    if (!row) throw new WalletNotFoundError();
    return row;
  }
  const [row] = await tx
    .update(chatWallets)
    .set({
      ...fields,
      creditsRemaining: sql`${chatWallets.creditsRemaining} + ${entry.plan}`,
      purchasedCredits: sql`${chatWallets.purchasedCredits} + ${entry.purchased}`,
      updatedAt: new Date(),
    })
    .where(eq(chatWallets.userId, entry.userId))
    .returning();
  if (!row) throw new WalletNotFoundError();
  await tx.insert(chatWalletLedger).values({
    userId: entry.userId,
    kind: entry.kind,
    planDelta: entry.plan,
    purchasedDelta: entry.purchased,
    messageId: entry.messageId,
    reference: entry.reference,
    reason: entry.reason,
    actorId: entry.actorId,
    memberId: entry.memberId,
  });
  return row;
}

/** The wallet row, locked until the transaction ends (concurrent changes queue on it); undefined when the user has none. */
export async function lockWalletIfAny(tx: Tx<ChatSchema>, userId: string): Promise<WalletRow | undefined> {
  const [row] = await tx.select().from(chatWallets).where(eq(chatWallets.userId, userId)).for('update');
  return row;
}

/** The wallet row, locked until the transaction ends: concurrent changes queue on it. */
export async function lockWallet(tx: Tx<ChatSchema>, userId: string): Promise<WalletRow> {
  const row = await lockWalletIfAny(tx, userId);
  if (!row) throw new WalletNotFoundError();
  return row;
}
