import { fileURLToPath } from 'node:url';
import { type Database, enqueueEvent, inTransaction } from '@agentdock/service-data';
import { openTestDatabase } from '@agentdock/service-data/testing';
import { type IdentitySchema, schema, users } from '../src/db/schema';
import type { IdentityWriter } from '../src/domain/writer';

export interface DomainDb {
  database: Database<IdentitySchema>;
  writer: IdentityWriter;
  /** A confirmed user to hang sessions and codes on. */
  createUser(email?: string): Promise<string>;
  close(): Promise<void>;
}

/** The identity schema on a throwaway database, for domain functions called directly. */
export async function openDomainDb(): Promise<DomainDb> {
  const database = await openTestDatabase({ schema, migrationsFolder: fileURLToPath(new URL('../migrations', import.meta.url)) });
  let count = 0;
  return {
    database,
    writer: {
      transaction: (work) => inTransaction(database.db, work),
      enqueue: (tx, event, data) => enqueueEvent(tx, 'svc-identity', event, data),
    },
    async createUser(email = `domain-${(count += 1)}-${Date.now()}@example.com`) {
      const [row] = await database.db.insert(users).values({ email, passwordHash: 'not-used', emailConfirmedAt: new Date() }).returning();
      return row!.id;
    },
    close: () => database.close(),
  };
}
