import { type Db, namedStatement, prefixedColumns, rawRowReader } from '@agentdock/service-data';
import { sql } from '@agentdock/service-data/orm';
import { type ChatSchema, chatApiKeys } from '../db/schema';
import { AgedEntries } from './aged-entries';
import type { ApiKeyRow } from './api-keys';

/**
 * How long a replica trusts a key it read. A key's row never changes once issued except by its
 * revocation, which this replica applies at once when it consumes the event (`forget`); another
 * replica's consumer may take that event, and then this one learns of it within this long. A
 * metered request is never served on a revoked key meanwhile: its reservation reads the key again
 * under a lock (`lockApiKey`) and refuses a revoked one.
 */
export const API_KEY_CACHE_MAX_AGE_MS = 5_000;

const keyByHash = namedStatement(
  'chat_api_key_by_hash',
  sql`select ${prefixedColumns(chatApiKeys, 'chat_api_keys', '')} from chat_api_keys where secret_hash = ${sql.placeholder('hash')} limit 1`,
);
const keyFromRaw = rawRowReader(chatApiKeys);

/**
 * API keys by their secret's hash, in this replica's memory, so a `/v1` request's key check costs
 * no query. Only keys in force are kept (an unknown or revoked hash is read each time, and a flood
 * of made-up keys cannot fill the memory); expiry is checked by the caller on every request.
 */
export class ApiKeyCache {
  private readonly entries: AgedEntries<ApiKeyRow>;
  // Moved by every `forget`: a read that began before one may have seen the key unrevoked, and is not kept.
  private generation = 0;

  constructor(maxAgeMs = API_KEY_CACHE_MAX_AGE_MS) {
    this.entries = new AgedEntries(maxAgeMs);
  }

  /** The key whose secret hashes to `hash`, from memory when read within `maxAgeMs`; undefined when there is none. */
  async find(db: Db<ChatSchema>, hash: string, now = Date.now()): Promise<ApiKeyRow | undefined> {
    const remembered = this.entries.get(hash, now);
    if (remembered) return remembered;
    const generation = this.generation;
    const [raw] = await keyByHash.run(db, { hash });
    const key = (raw && keyFromRaw(raw)) ?? undefined;
    this.entries.delete(hash);
    if (key && !key.revokedAt && generation === this.generation) this.entries.set(hash, key, now);
    return key;
  }

  /** The key was revoked (or re-issued): its next request reads it again. */
  forget(keyId: string): void {
    this.generation += 1;
    this.entries.deleteWhere((key) => key.id === keyId);
  }
}
