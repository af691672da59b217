import { sql } from '@agentdock/service-data/orm';
import { DRIVER, ChatHarness, parseSse } from './harness';
import { FakeOpenAi } from './fake-openai';

/**
 * A send's statements are prepared once per connection and kept. A migration that adds a column
 * while an instance runs (a rolling deploy) must not break them: PostgreSQL refuses to run a
 * prepared statement whose result would change shape, so they name their columns.
 */
describe(`svc-chat sends after a migration added columns, on ${DRIVER}`, () => {
  let fake: FakeOpenAi;
  let chat: ChatHarness;

  beforeAll(async () => {
    ({ chat, fake } = await ChatHarness.behindFakeOpenAi());
  });
  afterAll(async () => {
    await chat.close();
  });

  it('keeps answering with the statements it prepared before', async () => {
    fake.reply = 'Still here.';
    const agent = await chat.agent();
    const user = await chat.user();
    const send = async () => {
      const response = await fetch(`${chat.url}/api/chat/agents/${agent.id}/messages`, {
        method: 'POST',
        headers: { ...user.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'Are you there?' }),
      });
      expect(response.status).toBe(200);
      return parseSse(await response.text()).find((event) => event.event === 'done')?.data as { reply: { markdown: string } } | undefined;
    };
    await send();
    await chat.setPlanCredits(user.id, 50_000_000);
    // Enough sends to prepare the statements on every connection of a pool.
    for (let round = 0; round < 3; round += 1) await Promise.all([send(), send(), send()]);
    for (const table of ['chat_agents', 'chat_wallets', 'chat_conversations', 'chat_messages', 'chat_wallet_ledger'])
      await chat.db.execute(sql.raw(`alter table ${table} add column added_later text`));
    for (let round = 0; round < 3; round += 1) {
      for (const done of await Promise.all([send(), send(), send()])) expect(done?.reply.markdown).toBe('Still here.');
    }
  });
});
