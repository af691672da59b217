import { type Db, namedStatement, prefixedColumns, rawRowReader } from '@agentdock/service-data';
import { sql } from '@agentdock/service-data/orm';
import { type ChatSchema, chatApiKeys } from '../db/schema';
import type { ApiKeyRow } from './api-keys';

/**
 * How long a replica trusts a key it read. A key's row never changes once issued except by its
 * revocation, which this replica applies at once when it consumes the event (`forget`); another
 * replica's consumer may take that event, and then this one learns of it within this long. A
 * metered request is never served on a revoked key meanwhile: its reservation reads the key again
 * under a lock (`lockApiKey`) and refuses a revoked one.
 */
export const API_KEY_CACHE_MAX_AGE_MS = 5_000;
/** Enough for every active key of a large platform; the oldest entry makes room beyond it. */
const MAX_ENTRIES = 20_000;

const keyByHash = namedStatement(
  'chat_api_key_by_hash',
  sql`select ${prefixedColumns(chatApiKeys, 'chat_api_keys', '')} from chat_api_keys where secret_hash = ${sql.placeholder('hash')} limit 1`,
);
const keyFromRaw = rawRowReader(chatApiKeys);

interface Entry {
  key: ApiKeyRow;
  readAt: number;
}

/**
 * API keys by their secret's hash, in this replica's memory, so a `/v1` request's key check costs
 * no query. Only keys in force are kept (an unknown or revoked hash is read each time, and a flood
 * of made-up keys cannot fill the memory); expiry is checked by the caller on every request.
 */
export class ApiKeyCache {
  private readonly entries = new Map<string, Entry>();
  // Moved by every `forget`: a read that began before one may have seen the key unrevoked, and is not kept.
  private generation = 0;

  constructor(private readonly maxAgeMs = API_KEY_CACHE_MAX_AGE_MS) {}

  /** The key whose secret hashes to `hash`, from memory when read within `maxAgeMs`; undefined when there is none. */
  async find(db: Db<ChatSchema>, hash: string, now = Date.now()): Promise<ApiKeyRow | undefined> {
    const entry = this.entries.get(hash);
    if (entry && now - entry.readAt < this.maxAgeMs) return entry.key;
    const generation = this.generation;
    const [raw] = await keyByHash.run(db, { hash });
    const key = (raw && keyFromRaw(raw)) ?? undefined;
    this.entries.delete(hash);
    if (key && !key.revokedAt && generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(hash, { key, readAt: now });
    }
    return key;
  }

  /** The key was revoked (or re-issued): its next request reads it again. */
  forget(keyId: string): void {
    this.generation += 1;
    for (const [hash, entry] of this.entries) if (entry.key.id === keyId) this.entries.delete(hash);
  }
}
