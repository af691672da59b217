import { and, eq, sql, type SQL } from '@agentdock/service-data/orm';
import { chatMessages, chatPoolMembers, chatWalletLedger } from '../db/schema';

/**
 * The web chat replies of `userId` that their own wallet paid for. A reply sent from a team's
 * workspace is stored with the sender's conversation (so it has their user id) but the team's pool
 * paid for it: the pool's reservation names them as its member. Those are the team's figures (the
 * team's usage shows them), so a person's own usage leaves them out, and then agrees with what their
 * wallet lost. Only the pools the person is (or was) a member of are read, through the ledger's
 * per-wallet index.
 */
export function ownReplies(userId: string): SQL {
  const paidByPools = sql`select ${chatWalletLedger.messageId} from ${chatWalletLedger}
    join ${chatPoolMembers} on ${chatPoolMembers.organisationId} = ${chatWalletLedger.userId}
    where ${chatPoolMembers.userId} = ${userId} and ${chatWalletLedger.memberId} = ${userId}
      and ${chatWalletLedger.kind} = 'reservation' and ${chatWalletLedger.messageId} is not null`;
  return and(eq(chatMessages.userId, userId), eq(chatMessages.role, 'assistant'), sql`${chatMessages.id} not in (${paidByPools})`)!;
}

/** The web chat replies `userId` sent from the team `organisationId`'s workspace: the ones its pool paid for. */
export function poolReplies(userId: string, organisationId: string): SQL {
  const paidByThePool = sql`select ${chatWalletLedger.messageId} from ${chatWalletLedger}
    where ${chatWalletLedger.userId} = ${organisationId} and ${chatWalletLedger.memberId} = ${userId}
      and ${chatWalletLedger.kind} = 'reservation' and ${chatWalletLedger.messageId} is not null`;
  return and(eq(chatMessages.userId, userId), eq(chatMessages.role, 'assistant'), sql`${chatMessages.id} in (${paidByThePool})`)!;
}
