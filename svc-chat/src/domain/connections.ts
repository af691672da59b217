import type { ConnectionInput, ConnectionPatch, ModelConnection } from '@agentdock/contracts';
import { AppError } from '@agentdock/service-kit';
import { type AdminActor, type Db, recordAdminAction, type ServiceContext, type Tx } from '@agentdock/service-data';
import { and, asc, desc, eq, isNotNull } from '@agentdock/service-data/orm';
import { type ChatSchema, chatModelConnections } from '../db/schema';
import { type ConnectionRow, type ConnectionSettings, keyContext } from '../providers/connection-directory';

/**
 * The model connections an admin manages in the console. Keys are sealed before they are stored
 * and never served back (their last four characters are); every change is audited, without the key.
 */

export function toModelConnection(row: ConnectionRow): ModelConnection {
  return {
    id: row.id,
    name: row.name,
    baseUrl: row.baseUrl,
    keyLastFour: row.keyLastFour,
    defaultModel: row.defaultModel,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const lastFour = (key: string) => key.slice(-4);

function connectionNotFound(id: string): AppError {
  return new AppError('connection_not_found', `There is no model connection with id "${id}"`);
}

function sealer(settings: Pick<ConnectionSettings, 'box'>) {
  return (id: string, key: string) => {
    if (!settings.box) {
      throw new AppError('validation_failed', 'Set CONNECTIONS_ENCRYPTION_KEY on svc-chat before storing an API key (npm start keeps one in its data folder).', {
        fields: [{ path: 'apiKey', message: 'Keys cannot be stored until CONNECTIONS_ENCRYPTION_KEY is set' }],
      });
    }
    return settings.box.seal(key, keyContext(id));
  };
}

export async function listConnections(db: Db<ChatSchema>): Promise<ModelConnection[]> {
  const rows = await db.select().from(chatModelConnections).orderBy(desc(chatModelConnections.isDefault), asc(chatModelConnections.name));
  return rows.map(toModelConnection);
}

export async function connectionRow(db: Db<ChatSchema> | Tx<ChatSchema>, id: string): Promise<ConnectionRow> {
  const [row] = await db.select().from(chatModelConnections).where(eq(chatModelConnections.id, id));
  if (!row) throw connectionNotFound(id);
  return row;
}

/** The first connection becomes the default one. */
export async function createConnection(context: ServiceContext<ChatSchema>, settings: Pick<ConnectionSettings, 'box'>, actor: AdminActor, input: ConnectionInput) {
  const id = crypto.randomUUID();
  const apiKeySealed = input.apiKey ? sealer(settings)(id, input.apiKey) : null;
  return context.transaction(async (tx) => {
    const [existing] = await tx.select({ id: chatModelConnections.id }).from(chatModelConnections).limit(1);
    const [row] = await tx
      .insert(chatModelConnections)
      .values({
        id,
        name: input.name,
        baseUrl: input.baseUrl,
        apiKeySealed,
        keyLastFour: input.apiKey ? lastFour(input.apiKey) : null,
        defaultModel: input.defaultModel,
        isDefault: !existing,
      })
      .returning();
    const created = toModelConnection(row!);
    await recordAdminAction(tx, { actor, action: 'chat.connection.create', target: `connection:${id}`, after: created });
    return created;
  });
}

/** Changes what is sent; a new key replaces the old one, `apiKey: null` removes it. */
export async function updateConnection(context: ServiceContext<ChatSchema>, settings: Pick<ConnectionSettings, 'box'>, actor: AdminActor, id: string, patch: ConnectionPatch) {
  const keyChange =
    patch.apiKey === undefined
      ? {}
      : patch.apiKey === null
        ? { apiKeySealed: null, keyLastFour: null }
        : { apiKeySealed: sealer(settings)(id, patch.apiKey), keyLastFour: lastFour(patch.apiKey) };
  return context.transaction(async (tx) => {
    const before = toModelConnection(await connectionRow(tx, id));
    const { apiKey: _sealedAbove, ...fields } = patch;
    const [row] = await tx
      .update(chatModelConnections)
      .set({ ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)), ...keyChange, updatedAt: new Date() })
      .where(eq(chatModelConnections.id, id))
      .returning();
    const after = toModelConnection(row!);
    await recordAdminAction(tx, { actor, action: 'chat.connection.update', target: `connection:${id}`, before, after: { ...after, keyReplaced: patch.apiKey !== undefined } });
    return after;
  });
}

/** Agents without a connection of their own move to this one at once. */
export async function makeDefaultConnection(context: ServiceContext<ChatSchema>, actor: AdminActor, id: string) {
  return context.transaction(async (tx) => {
    const before = toModelConnection(await connectionRow(tx, id));
    await tx.update(chatModelConnections).set({ isDefault: false, updatedAt: new Date() }).where(eq(chatModelConnections.isDefault, true));
    const [row] = await tx.update(chatModelConnections).set({ isDefault: true, updatedAt: new Date() }).where(eq(chatModelConnections.id, id)).returning();
    const after = toModelConnection(row!);
    await recordAdminAction(tx, { actor, action: 'chat.connection.default', target: `connection:${id}`, before, after });
    return after;
  });
}

/** The default connection cannot go: agents without one of their own would have nothing to answer with. */
export async function deleteConnection(context: ServiceContext<ChatSchema>, actor: AdminActor, id: string): Promise<void> {
  await context.transaction(async (tx) => {
    const row = await connectionRow(tx, id);
    if (row.isDefault) throw new AppError('connection_in_use');
    await tx.delete(chatModelConnections).where(eq(chatModelConnections.id, id));
    await recordAdminAction(tx, { actor, action: 'chat.connection.delete', target: `connection:${id}`, before: toModelConnection(row) });
  });
}

/** The environment's provider settings a first connection is made from. */
export interface BootstrapSource {
  provider: 'openai' | 'agent-platform' | 'demo';
  name: string;
  openAiBaseUrl: string;
  openAiKey: string | null;
  openAiModel: string;
  demoUrl: string | null;
  demoName: string;
}

/**
 * At start: the environment's provider (CHAT_PROVIDER=openai, or the built-in demo) has a connection
 * of its own, made the first time it is seen. Its key stays in the environment (only the last four
 * characters are stored) until an admin gives it one. It becomes the default unless an admin chose
 * another default, so switching CHAT_PROVIDER from the demo to OpenAI moves the agents across. The
 * demo connection follows the demo provider's URL, which can change between starts. The agent
 * platform (trigger/poll) is no OpenAI-compatible endpoint: agents without a connection fall back to it.
 */
export async function bootstrapConnection(context: ServiceContext<ChatSchema>, source: BootstrapSource): Promise<ModelConnection | null> {
  const values =
    source.provider === 'openai'
      ? { name: source.name, baseUrl: source.openAiBaseUrl, keyLastFour: source.openAiKey ? lastFour(source.openAiKey) : null, defaultModel: source.openAiModel }
      : source.provider === 'demo' && source.demoUrl
        ? { name: source.demoName, baseUrl: source.demoUrl, keyLastFour: null, defaultModel: 'agentdock-demo' }
        : null;
  if (!values) return null;
  return context.transaction(async (tx) => {
    const rows = await tx.select().from(chatModelConnections).for('update');
    const own = rows.find((row) => row.source === source.provider);
    const adminDefault = rows.some((row) => row.isDefault && row.source === null);
    const now = new Date();
    if (!adminDefault)
      await tx
        .update(chatModelConnections)
        .set({ isDefault: false })
        .where(and(eq(chatModelConnections.isDefault, true), isNotNull(chatModelConnections.source)));
    const [row] = own
      ? await tx
          .update(chatModelConnections)
          .set({ baseUrl: values.baseUrl, keyLastFour: own.apiKeySealed ? own.keyLastFour : values.keyLastFour, isDefault: !adminDefault || own.isDefault, updatedAt: now })
          .where(eq(chatModelConnections.id, own.id))
          .returning()
      : await tx
          .insert(chatModelConnections)
          .values({ ...values, isDefault: !adminDefault, source: source.provider })
          .returning();
    return toModelConnection(row!);
  });
}
