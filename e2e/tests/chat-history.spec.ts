import type { APIRequestContext, Page } from '@playwright/test';
import { adminAccount, bearer, createAccount, signInBrowser, uniqueEmail, type Account } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

const MEETINGS = 'Meeting Prep Assistant';
const EMAILS = 'Business Email Writer';

const list = (page: Page) => page.getByRole('navigation', { name: 'Conversations' });
const entry = (page: Page, title: string, agent: string) => list(page).getByRole('button', { name: `${title} ${agent}`, exact: true });
const picker = (page: Page) => page.getByRole('combobox', { name: 'Agent' });

async function chooseAgent(page: Page, name: string) {
  await expect(picker(page).getByRole('option', { name })).toBeAttached();
  await picker(page).selectOption({ label: name });
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
}

async function ask(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  await expect(page.getByTestId('streaming-reply')).toHaveCount(0, { timeout: 20_000 });
}

async function agentIds(request: APIRequestContext, account: Account): Promise<Record<string, string>> {
  const answer = (await (await request.get('/api/chat/agents', { headers: bearer(account) })).json()) as { agents: Array<{ id: string; name: string }> };
  return Object.fromEntries(answer.agents.map((agent) => [agent.name, agent.id]));
}

/** A conversation made through the API (the stream read to its end). */
async function converse(request: APIRequestContext, account: Account, agentId: string, message: string) {
  const response = await request.post(`/api/chat/agents/${agentId}/messages`, { headers: bearer(account), data: { message, newConversation: true } });
  expect(response.ok(), await response.text()).toBe(true);
  expect(await response.text()).toContain('event: done');
}

test.describe('One history across agents', () => {
  test('three conversations with two agents are all listed under Today with their agents; new chat, rename and delete never hide the others', async ({ page, request }) => {
    const account = await createAccount(request, uniqueEmail('chat-history'));
    await signInBrowser(page, account);
    await page.goto('/chat');
    await chooseAgent(page, MEETINGS);
    await ask(page, 'Plan the quarterly board meeting');
    await page.getByRole('button', { name: 'New chat' }).click();
    await ask(page, 'Prepare my one to one with Sam');
    await chooseAgent(page, EMAILS);
    await expect(page.getByRole('heading', { name: EMAILS })).toBeVisible();

    // The third is listed the moment the server accepts it, before its reply has ended.
    await page.getByRole('textbox', { name: 'Message' }).fill('Write a follow-up email to the investors');
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(page.getByTestId('streaming-reply')).toBeVisible();
    await expect(entry(page, 'Write a follow-up email to the investors', EMAILS)).toBeVisible();
    await expect(page.getByTestId('streaming-reply')).toBeVisible();
    await expect(page.getByTestId('streaming-reply')).toHaveCount(0, { timeout: 20_000 });

    const today = list(page).getByRole('region', { name: 'Today' });
    await expect(today.locator('.chat-list__title')).toHaveText(['Write a follow-up email to the investors', 'Prepare my one to one with Sam', 'Plan the quarterly board meeting']);
    await expect(today.locator('.chat-list__agent')).toHaveText([EMAILS, MEETINGS, MEETINGS]);
    await expectNoSeriousAxeViolations(page);

    // Filtering is a choice, and All agents brings every one back.
    const filter = list(page).getByRole('combobox', { name: 'Show conversations with' });
    await expect(filter).toHaveValue('');
    await filter.selectOption({ label: EMAILS });
    await expect(list(page).locator('.chat-list__title')).toHaveText(['Write a follow-up email to the investors']);
    await filter.selectOption({ label: 'All agents' });
    await expect(list(page).getByRole('listitem')).toHaveCount(3);

    // Opening another agent's conversation keeps the whole list.
    await entry(page, 'Plan the quarterly board meeting', MEETINGS).click();
    await expect(page.locator('.chat-bubble--user')).toHaveText(['Plan the quarterly board meeting']);
    await expect(picker(page).locator('option:checked')).toHaveText(MEETINGS);
    await expect(list(page).getByRole('listitem')).toHaveCount(3);

    // Rename: the entry changes in place, the others stay.
    await list(page).getByRole('button', { name: 'Rename Prepare my one to one with Sam' }).click();
    await list(page).getByRole('textbox', { name: 'Conversation title' }).fill('1:1 with Sam');
    await list(page).getByRole('button', { name: 'Save' }).click();
    await expect(entry(page, '1:1 with Sam', MEETINGS)).toBeVisible();
    await expect(list(page).getByRole('listitem')).toHaveCount(3);

    // Delete the open one: only it goes.
    await list(page).getByRole('button', { name: 'Delete Plan the quarterly board meeting' }).click();
    await list(page).getByRole('group', { name: 'Confirm deletion' }).getByRole('button', { name: 'Delete' }).click();
    await expect(list(page).locator('.chat-list__title')).toHaveText(['Write a follow-up email to the investors', '1:1 with Sam']);
    await expect(page).toHaveURL(/\/chat$/);

    // A reload agrees with what the page showed without one.
    await page.reload();
    await expect(list(page).locator('.chat-list__title')).toHaveText(['Write a follow-up email to the investors', '1:1 with Sam']);
  });

  test('past 50 conversations the list loads the next page as its end scrolls into view', async ({ page, request }) => {
    test.setTimeout(120_000);
    const account = await createAccount(request, uniqueEmail('chat-many'));
    const admin = await adminAccount(request);
    const topUp = await request.post(`/api/chat/admin/wallets/${account.userId}/adjustments`, {
      headers: bearer(admin),
      data: { credits: 100_000_000, reason: 'e2e: room for 13 reservations at once' },
    });
    expect(topUp.ok(), await topUp.text()).toBe(true);
    const ids = await agentIds(request, account);
    for (let batch = 0; batch < 52; batch += 13) {
      await Promise.all(Array.from({ length: 13 }, (_, n) => converse(request, account, ids[n % 2 ? EMAILS : MEETINGS]!, `Topic number ${batch + n + 1}`)));
    }
    await signInBrowser(page, account);
    await page.goto('/chat');
    await expect(list(page).getByRole('listitem')).toHaveCount(50);
    const more = list(page).getByRole('button', { name: 'Load more conversations' });
    await more.scrollIntoViewIfNeeded();
    await expect(list(page).getByRole('listitem')).toHaveCount(52);
    await expect(more).toHaveCount(0);
    const titles = await list(page).locator('.chat-list__title').allInnerTexts();
    expect(new Set(titles).size).toBe(52);
  });

  test('the last agent used is remembered for the account; without one the first agent opens', async ({ page, request }) => {
    const account = await createAccount(request, uniqueEmail('chat-remember'));
    await signInBrowser(page, account);
    await page.goto('/chat');
    // None remembered: an agent is chosen for the customer, with its instruction card.
    await expect(picker(page)).not.toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    await chooseAgent(page, EMAILS);
    await expect(page.getByRole('heading', { name: EMAILS })).toBeVisible();
    await page.goto('/dashboard');
    await page.goto('/chat');
    await expect(picker(page).locator('option:checked')).toHaveText(EMAILS);
    await expect(page.getByRole('heading', { name: EMAILS })).toBeVisible();
  });

  test('switching agents quickly never shows the agent left behind: its load is aborted', async ({ page, request }) => {
    const account = await createAccount(request, uniqueEmail('chat-switch'));
    const ids = await agentIds(request, account);
    await converse(request, account, ids[MEETINGS]!, 'Alpha: the meetings question');
    await converse(request, account, ids[EMAILS]!, 'Bravo: the email question');
    await signInBrowser(page, account);
    await page.goto('/chat');
    await chooseAgent(page, EMAILS);
    await expect(page.locator('.chat-bubble--user')).toHaveText(['Bravo: the email question']);
    // A fresh page (the email agent remembered): nothing of the meetings agent is in its cache.
    await page.reload();
    await expect(page.locator('.chat-bubble--user')).toHaveText(['Bravo: the email question']);

    // The meetings agent's history is held back until after the switch to the email agent.
    const slowPath = `/api/chat/agents/${ids[MEETINGS]}/messages`;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${slowPath}`, async (route) => {
      await released;
      await route.continue().catch(() => undefined);
    });
    const aborted = page.waitForEvent('requestfailed', (failed) => new URL(failed.url()).pathname === slowPath);
    const asked = page.waitForRequest((sent) => new URL(sent.url()).pathname === slowPath);
    await picker(page).selectOption({ label: MEETINGS });
    await asked;
    await picker(page).selectOption({ label: EMAILS });
    await expect(page.locator('.chat-bubble--user')).toHaveText(['Bravo: the email question']);
    expect((await aborted).failure()?.errorText).toMatch(/ABORTED|cancel/i);
    release();
    await page.waitForTimeout(500);
    await expect(page.getByRole('log', { name: 'Conversation' }).getByText('Alpha: the meetings question')).toHaveCount(0);
    await expect(page.locator('.chat-bubble--user')).toHaveText(['Bravo: the email question']);
    await expect(picker(page).locator('option:checked')).toHaveText(EMAILS);
  });

  test('"up to" before sending is never below the charge after, over 20 sends of varied length', async ({ page, request }) => {
    test.setTimeout(240_000);
    const account = await createAccount(request, uniqueEmail('chat-estimate'));
    const admin = await adminAccount(request);
    const topUp = await request.post(`/api/chat/admin/wallets/${account.userId}/adjustments`, {
      headers: bearer(admin),
      data: { credits: 20_000_000, reason: 'e2e: room for 20 sends' },
    });
    expect(topUp.ok(), await topUp.text()).toBe(true);
    await signInBrowser(page, account);
    await page.goto('/chat');
    await chooseAgent(page, MEETINGS);
    const lengths = [1, 5, 12, 30, 64, 100, 150, 240, 333, 500, 640, 800, 1_000, 1_500, 2_000, 2_600, 3_200, 4_000, 6_000, 8_000];
    const words = 'plan the board meeting agenda with the team and a table of owners ';
    for (const [index, length] of lengths.entries()) {
      const text =
        words
          .repeat(Math.ceil(length / words.length))
          .slice(0, length)
          .trim() || 'x';
      await page.getByRole('textbox', { name: 'Message' }).fill(text);
      const shown = await page.getByTestId('estimated-cost').innerText();
      const upTo = Number(/up to ([\d,]+) credits/.exec(shown)?.[1]?.replace(/,/g, ''));
      expect(upTo, shown).toBeGreaterThan(0);
      await page.getByRole('textbox', { name: 'Message' }).press('Enter');
      await expect(page.getByTestId('streaming-reply')).toHaveCount(0, { timeout: 20_000 });
      await expect(page.getByTestId('reply-credits')).toHaveCount(index + 1);
      const charged = Number((await page.getByTestId('reply-credits').last().innerText()).replace(/\D/g, ''));
      expect(charged, `send ${index + 1} (${length} characters)`).toBeGreaterThan(0);
      expect(charged, `send ${index + 1} (${length} characters): charged ${charged}, up to ${upTo}`).toBeLessThanOrEqual(upTo);
      await expect(page.getByTestId('last-charge')).toContainText(`Last reply: ${charged.toLocaleString('en-US')} credits`);
    }
    await expectNoSeriousAxeViolations(page);
  });
});
