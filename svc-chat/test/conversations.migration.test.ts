import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@agentdock/service-data';
import { asc, sql } from '@agentdock/service-data/orm';
import { durableDatabase, migrationsBefore, type TestDatabase } from '@agentdock/service-data/testing';
import { chatConversations, chatMessages, schema } from '../src/db/schema';
import { shownPath } from '../src/domain/branches';
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

describe(`chat migration 0010_branches (${DRIVER})`, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await durableDatabase();
  });
  afterEach(() => database.drop());

  it('makes each conversation one chain of its visible messages in order, shown up to the last; messages hidden by an old edit stay off it', async () => {
    const [user, agent, conversation, empty] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const ids = Array.from({ length: 6 }, () => randomUUID());
    const before = await migrationsBefore(migrations, '0010_branches');
    try {
      const old = await openDatabase({ target: database.target, schema, migrationsFolder: before.folder });
      await old.db.execute(sql`insert into chat_conversations (id, user_id, agent_id, title, next_order) values
        (${conversation}, ${user}, ${agent}, 'Email', 8), (${empty}, ${user}, ${agent}, 'Nothing yet', 0)`);
      // An edit made before branching hid the second turn (orders 2 and 3) and sent its new version at 4 and 5.
      await old.db.execute(sql`insert into chat_messages (id, user_id, agent_id, role, content, session_id, message_order, hidden_at) values
        (${ids[0]}, ${user}, ${agent}, 'user', 'Draft an email', ${conversation}, 0, null),
        (${ids[1]}, ${user}, ${agent}, 'assistant', 'Draft.', ${conversation}, 1, null),
        (${ids[2]}, ${user}, ${agent}, 'user', 'Shorter', ${conversation}, 2, now()),
        (${ids[3]}, ${user}, ${agent}, 'assistant', 'Short.', ${conversation}, 3, now()),
        (${ids[4]}, ${user}, ${agent}, 'user', 'Friendlier', ${conversation}, 4, null),
        (${ids[5]}, ${user}, ${agent}, 'assistant', 'Friendly.', ${conversation}, 5, null)`);
      await old.close();
    } finally {
      await before.remove();
    }

    const migrated = await openDatabase({ target: database.target, schema, migrationsFolder: migrations });
    try {
      const messages = await migrated.db.select().from(chatMessages).orderBy(asc(chatMessages.messageOrder));
      expect(messages.map((row) => row.parentId)).toEqual([null, ids[0], null, null, ids[1], ids[4]]);
      const conversations = await migrated.db.select().from(chatConversations).orderBy(asc(chatConversations.nextOrder));
      expect(conversations.map((row) => [row.id, row.leafId])).toEqual([
        [empty, null],
        [conversation, ids[5]],
      ]);
      expect(await shownPath(migrated.db, conversations[1]!)).toEqual([
        expect.objectContaining({ id: ids[0], parentId: null }),
        expect.objectContaining({ id: ids[1] }),
        expect.objectContaining({ id: ids[4], markdown: 'Friendlier' }),
        expect.objectContaining({ id: ids[5] }),
      ]);
      expect((await shownPath(migrated.db, conversations[1]!)).some((message) => message.branch)).toBe(false);
    } finally {
      await migrated.close();
    }
  });
});
