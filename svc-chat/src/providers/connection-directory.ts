import type { SecretBox } from '@agentdock/service-kit';
import type { Db } from '@agentdock/service-data';
import { eq } from '@agentdock/service-data/orm';
import { type ChatSchema, chatModelConnections } from '../db/schema';
import { OpenAiCompatibleProvider } from './openai-compatible';
import { type ChatProvider, ProviderError } from './provider';

export type ConnectionRow = typeof chatModelConnections.$inferSelect;

/** What a connection's provider needs besides the row: timeouts, and the environment's key for the one made from it. */
export interface ConnectionSettings {
  box: SecretBox | null;
  timeoutMs: number;
  idleTimeoutMs: number;
  /** OPENAI_API_KEY: the key of the connection bootstrapped from the environment, until an admin gives it another. */
  environmentKey: string | null;
  imageModel: string;
  /** OPENAI_AGENT_MODELS, for the connection bootstrapped from the environment. */
  environmentModels: Record<string, string>;
}

/** The context a sealed key is bound to: a key copied onto another row does not open there. */
export const keyContext = (connectionId: string) => `chat-connection:${connectionId}`;

/** The key a connection sends: its sealed one, the environment's for the bootstrapped one, or none. */
export function connectionKey(settings: Pick<ConnectionSettings, 'box' | 'environmentKey'>, row: ConnectionRow): string | null {
  if (row.apiKeySealed) {
    // A reply through this connection fails (refunded in full, logged) until the key is given again.
    if (!settings.box) throw new ProviderError('CONNECTIONS_ENCRYPTION_KEY is not set, so the stored connection keys cannot be opened');
    return settings.box.open(row.apiKeySealed, keyContext(row.id));
  }
  return row.source === 'openai' ? settings.environmentKey : null;
}

/** A provider speaking to one connection, built from its row. */
export function connectionProvider(settings: ConnectionSettings, row: ConnectionRow): OpenAiCompatibleProvider {
  const demo = row.source === 'demo';
  return new OpenAiCompatibleProvider({
    name: row.name,
    demo,
    baseUrl: row.baseUrl,
    apiKey: connectionKey(settings, row),
    model: row.defaultModel ?? 'gpt-4o-mini',
    models: row.source === 'openai' ? settings.environmentModels : {},
    imageModel: demo ? 'agentdock-demo-image' : settings.imageModel,
    timeoutMs: settings.timeoutMs,
    idleTimeoutMs: settings.idleTimeoutMs,
  });
}

/**
 * The providers of the admin's model connections, one per connection and kept while its row is
 * unchanged (so a connection's pooled sockets are reused from reply to reply). An agent names its
 * connection; one that names none uses the default connection; with no connection at all the
 * provider configured at start (the environment's, e.g. the agent platform) answers.
 */
export class ConnectionDirectory {
  private readonly built = new Map<string, { stamp: number; provider: ChatProvider }>();

  constructor(
    private readonly db: Db<ChatSchema>,
    private readonly settings: ConnectionSettings,
    private readonly fallback: ChatProvider,
  ) {}

  /**
   * `read`: the connection as the caller read it with the agent, the same way (a `/v1` request's,
   * see `api-agents.ts`; null: there is none), so there is no read here.
   */
  async providerFor(connectionId: string | null | undefined, read?: ConnectionRow | null): Promise<ChatProvider> {
    if (read !== undefined) return read ? this.providerOf(read) : this.fallback;
    const where = connectionId ? eq(chatModelConnections.id, connectionId) : eq(chatModelConnections.isDefault, true);
    const [row] = await this.db.select().from(chatModelConnections).where(where).limit(1);
    // A connection deleted after an agent was published with it: the default one answers.
    if (!row) return connectionId ? this.providerFor(null) : this.fallback;
    return this.providerOf(row);
  }

  /** The row's provider, built again only when the row changed. */
  private providerOf(row: ConnectionRow): ChatProvider {
    const cached = this.built.get(row.id);
    if (cached && cached.stamp === row.updatedAt.getTime()) return cached.provider;
    const provider = connectionProvider(this.settings, row);
    this.built.set(row.id, { stamp: row.updatedAt.getTime(), provider });
    return provider;
  }
}
