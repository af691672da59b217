import type { SubscriptionTier } from '@agentdock/contracts';
import { type Db, namedStatement, prefixedColumns, rawRowReader } from '@agentdock/service-data';
import { AppError } from '@agentdock/service-kit';
import { sql } from '@agentdock/service-data/orm';
import { type ChatSchema, chatAgents, chatWallets } from '../db/schema';
import { type AgentRecord, usableAgent } from './agents';
import type { WalletRow } from './ledger';
import { walletInUse, walletTier } from './wallet';

// The agent and the wallet in one statement: on the embedded database a statement's round trip
// costs about as much as a small read's own work, and both are on every send's path.
const agentAndWallet = namedStatement(
  'chat_send_reads',
  sql`select ${prefixedColumns(chatAgents, 'agent', 'agent.')}, ${prefixedColumns(chatWallets, 'wallet', 'wallet.')}
  from (select 1) as one
  left join chat_agents as agent on agent.id = ${sql.placeholder('agentId')}::uuid
  left join chat_wallets as wallet on wallet.user_id = ${sql.placeholder('userId')}::uuid`,
);
const agentFromRaw = rawRowReader(chatAgents, 'agent.');
const walletFromRaw = rawRowReader(chatWallets, 'wallet.');

/**
 * What a send reads before it reserves: the agent, if the user's tier may use it (else 404), and
 * the wallet that pays (`userId`: the user's, or with `pool` the team's credit pool), refilled if its month has ended or created if there was none. The tier is
 * the wallet's, as on `/v1`: billing's events change it the moment a plan changes, while an access
 * token keeps the tier it was signed with for minutes (a downgrade takes paid agents away at once).
 * Only a user without a wallet yet is judged by the token's tier.
 */
export async function readForSend(
  db: Db<ChatSchema>,
  input: { agentId: string; userId: string; tier: SubscriptionTier; pool?: boolean },
): Promise<{ agent: AgentRecord; wallet: WalletRow }> {
  const [raw] = await agentAndWallet.run(db, { agentId: input.agentId, userId: input.userId });
  const existing = (raw && walletFromRaw(raw)) ?? undefined;
  // A team's pool is opened by billing's events only; the team's agents are those of its plan.
  if (input.pool && !existing) throw new AppError('team_pool_empty');
  const agent = usableAgent(raw && agentFromRaw(raw), existing ? walletTier(existing) : input.tier);
  return { agent, wallet: await walletInUse(db, existing, input) };
}
