import { type Db, namedStatement, prefixedColumns, rawRowReader } from '@agentdock/service-data';
import { sql } from '@agentdock/service-data/orm';
import { type ChatSchema, chatAgents, chatModelConnections } from '../db/schema';
import type { ConnectionRow } from '../providers/connection-directory';
import type { AgentRecord } from './agents';
import { walletColumns, walletFromRaw, type WalletRow } from './ledger';

/**
 * The agents a `/v1` request names by their slug, read with their knowledge budget: alone, or in
 * the same statement as the paying wallet (a completion's first read, see `walletWithAgents`).
 */

/**
 * An agent a `/v1` request uses, with the tokens of knowledge a reply may be given and the model
 * connection its replies go through (its own, or the default one; null: none, the provider
 * configured at start answers), read with it so the reply needs no read of its own for it.
 */
export type ApiAgent = AgentRecord & { knowledgeBudget: number; connection: ConnectionRow | null };

/** The agents of one slug as read with the wallet, before the key's tier and allowed agents are applied (`modelFor`). */
export interface ApiAgentsRead {
  key: string;
  agents: ApiAgent[];
}

const agentColumns = sql`${prefixedColumns(chatAgents, 'agent', 'agent_')}, coalesce(settings.token_budget, 0) as knowledge_budget, ${prefixedColumns(chatModelConnections, 'connection', 'connection_')}`;
const agentFromRaw = rawRowReader(chatAgents, 'agent_');
const connectionFromRaw = rawRowReader(chatModelConnections, 'connection_');
const agentsFromRaw = (rows: Record<string, unknown>[]): ApiAgent[] =>
  rows.flatMap((raw) => {
    const agent = agentFromRaw(raw);
    return agent ? [{ ...agent, knowledgeBudget: Number(raw.knowledge_budget), connection: connectionFromRaw(raw) }] : [];
  });

// The agent's knowledge settings and its connection, as `ConnectionDirectory.providerFor` finds
// it: the one it names, else (none named, or that one deleted since) the default one, else none.
const agentJoins = sql`left join chat_knowledge_settings as settings on settings.agent_id = agent.id
  left join lateral (
    select * from chat_model_connections as candidate
    where candidate.id::text = agent.behaviour->>'connectionId' or candidate.is_default
    order by candidate.id::text = agent.behaviour->>'connectionId' desc nulls last
    limit 1
  ) as connection on true`;

// The agents of a slug with their knowledge budget and connection, in one statement.
const agentsByKey = namedStatement('chat_api_agents_by_key', sql`select ${agentColumns} from chat_agents as agent ${agentJoins} where agent.key = ${sql.placeholder('key')}`);

export async function agentsByApiKey(db: Db<ChatSchema>, key: string): Promise<ApiAgent[]> {
  return agentsFromRaw(await agentsByKey.run(db, { key }));
}

// A completion's reads before its reservation, in one round trip instead of three: the wallet (its
// columns unprefixed) on every row, and one row per agent of the slug with its connection (none:
// one row, the agent's columns null). Either may be missing; the left joins from one constant row
// keep the other.
const walletAndAgents = namedStatement(
  'chat_api_wallet_and_agents',
  sql`select ${walletColumns('wallet')}, ${agentColumns}
  from (select 1) as one
  left join chat_wallets as wallet on wallet.user_id = ${sql.placeholder('walletId')}::uuid
  left join chat_agents as agent on agent.key = ${sql.placeholder('key')}
  ${agentJoins}`,
);

/** The wallet that pays (undefined until it is opened) and the agents named `key`, in one statement. */
export async function walletWithAgents(db: Db<ChatSchema>, walletId: string, key: string): Promise<{ wallet: WalletRow | undefined; agents: ApiAgentsRead }> {
  const rows = await walletAndAgents.run(db, { walletId, key });
  const wallet = (rows[0] && walletFromRaw(rows[0])) ?? undefined;
  return { wallet, agents: { key, agents: agentsFromRaw(rows) } };
}
