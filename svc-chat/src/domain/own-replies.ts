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
  const thePersonsPools = sql`${chatWalletLedger.userId} in (select ${chatPoolMembers.organisationId} from ${chatPoolMembers} where ${chatPoolMembers.userId} = ${userId})`;
  return and(repliesOf(userId), sql`${chatMessages.id} not in (${paidByPools(userId, thePersonsPools)})`)!;
}

/** The web chat replies `userId` sent from the team `organisationId`'s workspace: the ones its pool paid for. */
export function poolReplies(userId: string, organisationId: string): SQL {
  return and(repliesOf(userId), sql`${chatMessages.id} in (${paidByPools(userId, eq(chatWalletLedger.userId, organisationId))})`)!;
}

const repliesOf = (userId: string) => and(eq(chatMessages.userId, userId), eq(chatMessages.role, 'assistant'))!;

/** The replies whose reservation a pool wallet (`pools`: which ones) made with `userId` as its member. */
function paidByPools(userId: string, pools: SQL): SQL {
  return sql`select ${chatWalletLedger.messageId} from ${chatWalletLedger}
    where ${pools} and ${chatWalletLedger.memberId} = ${userId}
      and ${chatWalletLedger.kind} = 'reservation' and ${chatWalletLedger.messageId} is not null`;
}
