import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Database } from '@agentdock/service-data';
import { eq } from '@agentdock/service-data/orm';
import { openTestDatabase } from '@agentdock/service-data/testing';
import { type ChatSchema, chatApiKeys, schema } from '../src/db/schema';
import { ApiKeyCache } from '../src/domain/api-key-cache';
import { hashApiSecret } from '../src/domain/api-keys';
import { DRIVER } from './harness';

describe(`the API key cache on ${DRIVER}`, () => {
  let database: Database<ChatSchema>;
  beforeAll(async () => {
    database = await openTestDatabase({ schema, migrationsFolder: fileURLToPath(new URL('../migrations', import.meta.url)) });
  });
  afterAll(() => database?.close());

  async function issued() {
    const secret = `adk_${randomUUID()}`;
    const [key] = await database.db
      .insert(chatApiKeys)
      .values({ id: randomUUID(), userId: randomUUID(), secretHash: hashApiSecret(secret), name: 'k', lastFour: secret.slice(-4), createdAt: new Date() })
      .returning();
    return { key: key!, hash: hashApiSecret(secret) };
  }
  const revoke = (id: string) => database.db.update(chatApiKeys).set({ revokedAt: new Date() }).where(eq(chatApiKeys.id, id));

  it('answers a key it read from memory until its age runs out, then reads it again', async () => {
    const cache = new ApiKeyCache(1_000);
    const { key, hash } = await issued();
    expect((await cache.find(database.db, hash, 10_000))?.id).toBe(key.id);
    await revoke(key.id);
    expect((await cache.find(database.db, hash, 10_999))?.revokedAt).toBeNull();
    expect((await cache.find(database.db, hash, 11_000))?.revokedAt).toBeInstanceOf(Date);
  });

  it('reads a key again at once after forgetting it, and never keeps a revoked or unknown one', async () => {
    const cache = new ApiKeyCache(60_000);
    const { key, hash } = await issued();
    await cache.find(database.db, hash, 0);
    await revoke(key.id);
    cache.forget(key.id);
    expect((await cache.find(database.db, hash, 1))?.revokedAt).toBeInstanceOf(Date);
    await database.db.update(chatApiKeys).set({ revokedAt: null }).where(eq(chatApiKeys.id, key.id));
    // The revoked row was not kept: the key is read again and seen as it is now.
    expect((await cache.find(database.db, hash, 2))?.revokedAt).toBeNull();
    expect(await cache.find(database.db, hashApiSecret('adk_unknown'), 3)).toBeUndefined();
  });

  it('does not keep a read that a revocation overtook while it was under way', async () => {
    const cache = new ApiKeyCache(60_000);
    const { key, hash } = await issued();
    const reading = cache.find(database.db, hash, 0);
    cache.forget(key.id);
    await revoke(key.id);
    await reading;
    expect((await cache.find(database.db, hash, 1))?.revokedAt).toBeInstanceOf(Date);
  });
});
