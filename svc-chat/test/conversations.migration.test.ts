import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@agentdock/service-data';
import { asc, sql } from '@agentdock/service-data/orm';
import { durableDatabase, migrationsBefore, type TestDatabase } from '@agentdock/service-data/testing';
import { chatConversations, chatMessages, schema } from '../src/db/schema';
import { DRIVER } from './harness';

const migrations = fileURLToPath(new URL('../migrations', import.meta.url));

describe(`chat migration 0004_conversations (${DRIVER})`, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await durableDatabase();
  });
  afterEach(() => database.drop());

  it("turns each user's single history with an agent into their first conversation, titled from its first message, order counter kept", async () => {
    const [user, agent, session] = [randomUUID(), randomUUID(), randomUUID()];
    const before = await migrationsBefore(migrations, '0004_conversations');
    try {
      const old = await openDatabase({ target: database.target, schema, migrationsFolder: before.folder });
      await old.db.execute(sql`insert into chat_sessions (user_id, agent_id, session_id, next_order) values (${user}, ${agent}, ${session}, 4)`);
      await old.db.execute(sql`insert into chat_messages (user_id, agent_id, role, content, session_id, message_order) values
        (${user}, ${agent}, 'user', ${'Plan the   board\nmeeting'}, ${session}, 0),
        (${user}, ${agent}, 'assistant', 'Sure.', ${session}, 1),
        (${user}, ${agent}, 'user', 'And Friday?', null, 2),
        (${user}, ${agent}, 'assistant', 'Yes.', null, 3)`);
      await old.close();
    } finally {
      await before.remove();
    }

    const migrated = await openDatabase({ target: database.target, schema, migrationsFolder: migrations });
    try {
      const conversations = await migrated.db.select().from(chatConversations);
      expect(conversations).toEqual([expect.objectContaining({ id: session, userId: user, agentId: agent, title: 'Plan the board meeting', nextOrder: 4, deletedAt: null })]);
      const messages = await migrated.db.select().from(chatMessages).orderBy(asc(chatMessages.messageOrder));
      expect(messages.map((row) => [row.sessionId, row.hiddenAt])).toEqual(Array.from({ length: 4 }, () => [session, null]));
      await expect(migrated.db.execute(sql`select 1 from chat_sessions`)).rejects.toThrow();
    } finally {
      await migrated.close();
    }
  });
});
