import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { adminAccount, bearer, createAccount, signInBrowser, uniqueEmail, type Account } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

const AGENT = 'Meeting Prep Assistant';

async function openChat(page: Page, account: Account) {
  await signInBrowser(page, account);
  await page.goto('/chat');
  const picker = page.getByRole('combobox', { name: 'Agent' });
  await expect(picker.getByRole('option', { name: AGENT })).toBeAttached();
  await picker.selectOption({ label: AGENT });
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
}

async function ask(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  // Sent (the composer empties as the reply starts), then streamed to the end.
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  await expect(page.getByTestId('streaming-reply')).toHaveCount(0, { timeout: 15_000 });
}

const list = (page: Page) => page.getByRole('navigation', { name: 'Conversations' });
/** A conversation's entry in the side list: its title, then the agent it is with. */
const entry = (page: Page, title: string, agent = AGENT) => list(page).getByRole('button', { name: `${title} ${agent}`, exact: true });
/** The text of the last reply as rendered (without its actions or stop note). */
const lastReplyText = (page: Page) => page.locator('.chat-bubble--assistant .chat-markdown').last();

/** The composer's whole box lies inside the viewport, with no scrolling. */
async function expectComposerInView(page: Page) {
  const viewport = page.viewportSize()!;
  for (const control of [page.getByRole('textbox', { name: 'Message' }), page.getByRole('button', { name: 'Send' })]) {
    const box = (await control.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  }
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
}

test.describe('Chat conversations and message actions', () => {
  test('two conversations: switch, rename, search, delete; the URL names the conversation for its owner only', async ({ page, request, browser }) => {
    const account = await createAccount(request, uniqueEmail('chat-conv'));
    await openChat(page, account);
    await ask(page, 'Plan the quarterly board meeting');
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    const firstUrl = page.url();
    await expect(entry(page, 'Plan the quarterly board meeting')).toBeVisible();

    await page.keyboard.press('Control+Alt+n');
    await expect(page).toHaveURL(/\/chat$/);
    await expect(page.locator('.chat-bubble--user')).toHaveCount(0);
    await ask(page, 'Hiring plan for the sales team');
    await expect(list(page).getByRole('listitem')).toHaveCount(2);
    // Newest first.
    await expect(list(page).locator('.chat-list__title').first()).toHaveText('Hiring plan for the sales team');
    await expect(list(page).getByRole('region', { name: 'Today' })).toBeVisible();

    // Switch back: its own messages only.
    await entry(page, 'Plan the quarterly board meeting').click();
    await expect(page).toHaveURL(firstUrl);
    await expect(page.locator('.chat-bubble--user')).toHaveText(['Plan the quarterly board meeting']);

    // Rename (axe with the field open).
    await list(page).getByRole('button', { name: 'Rename Plan the quarterly board meeting' }).click();
    await expect(list(page).getByRole('textbox', { name: 'Conversation title' })).toBeFocused();
    await expectNoSeriousAxeViolations(page);
    await list(page).getByRole('textbox', { name: 'Conversation title' }).fill('Board prep');
    await list(page).getByRole('button', { name: 'Save' }).click();
    await expect(entry(page, 'Board prep')).toBeVisible();

    // Search matches the text of the messages too.
    await list(page).getByRole('searchbox', { name: 'Search conversations' }).fill('sales team');
    await expect(list(page).locator('.chat-list__title')).toHaveText(['Hiring plan for the sales team']);
    await list(page).getByRole('searchbox', { name: 'Search conversations' }).fill('');
    await expect(list(page).getByRole('listitem')).toHaveCount(2);
    await expectNoSeriousAxeViolations(page);

    // A reload lands on the conversation in the URL.
    await page.reload();
    await expect(page.locator('.chat-bubble--user')).toHaveText(['Plan the quarterly board meeting']);
    await expect(page.getByRole('combobox', { name: 'Agent' })).toHaveValue(/[0-9a-f-]{36}/);

    // Someone else's link shows nothing of it.
    const stranger = await createAccount(request, uniqueEmail('chat-stranger'));
    const context = await browser.newContext();
    const other = await context.newPage();
    await signInBrowser(other, stranger);
    await other.goto(firstUrl);
    await expect(other.getByText('This conversation does not exist or is not yours.')).toBeVisible();
    await expect(other.getByText('Plan the quarterly board meeting')).toHaveCount(0);
    await expectNoSeriousAxeViolations(other);
    await context.close();

    // Delete, after a confirmation (axe while it asks).
    await list(page).getByRole('button', { name: 'Delete Board prep' }).click();
    const confirm = list(page).getByRole('group', { name: 'Confirm deletion' });
    await expect(confirm).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(list(page).getByRole('listitem')).toHaveCount(1);
    await expect(entry(page, 'Board prep')).toHaveCount(0);
  });

  test('stop keeps the partial reply and charges less than a full one; regenerate; edit and resend; copy as Markdown', async ({ page, request, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const account = await createAccount(request, uniqueEmail('chat-actions'));
    await openChat(page, account);
    const question = 'Write the steps to prepare an investor update for the quarterly board review';
    // axe while the reply streams: the demo sends a word every 20 ms, so right after the first words.
    await page.getByRole('textbox', { name: 'Message' }).fill(question);
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(page.getByTestId('streaming-reply')).toContainText('Meeting Prep');
    await expectNoSeriousAxeViolations(page);
    await expect(page.getByTestId('streaming-reply')).toHaveCount(0, { timeout: 15_000 });
    const fullText = await lastReplyText(page).innerText();
    const full = Number((await page.getByTestId('reply-credits').last().innerText()).replace(/\D/g, ''));
    await expect(page.getByTestId('reply-credits').last()).toHaveAttribute('title', /^\d[\d,]* tokens$/);
    // The tokens on a tap and from the keyboard too, not only in the hover title.
    const tokens = page.getByTestId('reply-tokens').last();
    await expect(tokens).toBeHidden();
    await page.getByTestId('reply-credits').last().click();
    await expect(tokens).toHaveText(/^\d[\d,]* tokens$/);
    await page.getByTestId('reply-credits').last().focus();
    await page.keyboard.press('Enter');
    await expect(tokens).toBeHidden();

    // Copy as Markdown: the reply as written.
    await page.getByRole('button', { name: 'Copy' }).last().click();
    await expect(page.getByText('Copied!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^## Meeting Prep Assistant: .*\n[\s\S]*built-in demo provider/);

    // Stop, in a new conversation, as soon as the reply starts.
    await page.getByRole('button', { name: 'New chat' }).click();
    await page.getByRole('textbox', { name: 'Message' }).fill(question);
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(page.getByTestId('streaming-reply')).toContainText('Meeting Prep');
    await page.getByRole('button', { name: 'Stop generating' }).click();
    await expect(page.getByText('You stopped this reply.')).toBeVisible();
    await expect(page.getByTestId('streaming-reply')).toHaveCount(0);
    // The partial reply is kept: shown, not empty, shorter than the full one.
    await expect(lastReplyText(page)).toBeVisible();
    const partialText = (await lastReplyText(page).innerText()).trim();
    expect(partialText.length).toBeGreaterThan(0);
    expect(partialText.length).toBeLessThan(fullText.trim().length);
    expect(fullText).toContain(partialText.split('\n')[0]!);
    const stopped = Number((await page.getByTestId('reply-credits').last().innerText()).replace(/\D/g, ''));
    expect(stopped).toBeGreaterThan(0);
    expect(stopped).toBeLessThan(full);
    await expectNoSeriousAxeViolations(page);
    const wallet = (await (await request.get('/api/chat/wallet', { headers: bearer(account) })).json()) as { creditsRemaining: number };
    expect(wallet.creditsRemaining).toBe(50_000 - full - stopped);

    // Regenerate: a fresh reply beside the stopped one, which is kept (‹ 1 / 2 ›).
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await expect(page.getByTestId('streaming-reply')).toHaveCount(0);
    await expect(page.getByText('You stopped this reply.')).toHaveCount(0);
    await expect(page.locator('.chat-bubble--assistant')).toHaveCount(1);
    await expect(page.locator('.chat-bubble--assistant')).toContainText('built-in demo provider');
    const replyVersions = page.getByRole('group', { name: /of this reply$/ });
    await expect(replyVersions.getByTestId('branch-position')).toHaveText('2 / 2');
    await replyVersions.getByRole('button', { name: 'Previous version of this reply' }).click();
    await expect(page.getByText('You stopped this reply.')).toBeVisible();
    await expect(replyVersions.getByTestId('branch-position')).toHaveText('1 / 2');
    await expect(lastReplyText(page)).toHaveText(partialText);
    await expectNoSeriousAxeViolations(page);
    // From the keyboard too.
    await replyVersions.getByRole('button', { name: 'Next version of this reply' }).focus();
    await page.keyboard.press('Enter');
    await expect(replyVersions.getByTestId('branch-position')).toHaveText('2 / 2');
    await expect(page.getByText('You stopped this reply.')).toHaveCount(0);

    // Edit: a new branch from the edited question; the old question and its replies stay one click away.
    // Exact: the credits buttons ("1,100 credits") contain "edit" too.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('textbox', { name: 'Edit your message' }).fill('Give me a table of the launch plan');
    await page.getByRole('button', { name: 'Save and send' }).click();
    await expect(page.getByTestId('streaming-reply')).toHaveCount(0);
    await expect(page.locator('.chat-bubble--user')).toHaveText(['Give me a table of the launch plan']);
    await expect(page.locator('.chat-bubble--assistant table')).toBeVisible();
    const questionVersions = page.getByRole('group', { name: /of this message$/ });
    await expect(questionVersions.getByTestId('branch-position')).toHaveText('2 / 2');
    await questionVersions.getByRole('button', { name: 'Previous version of this message' }).click();
    await expect(page.locator('.chat-bubble--user')).toHaveText([question]);
    await expect(page.locator('.chat-bubble--assistant table')).toHaveCount(0);
    await expect(questionVersions.getByTestId('branch-position')).toHaveText('1 / 2');
    await questionVersions.getByRole('button', { name: 'Next version of this message' }).click();
    await expect(page.locator('.chat-bubble--user')).toHaveText(['Give me a table of the launch plan']);
    // The shown branch is the conversation's: a reload keeps it.
    await page.reload();
    await expect(page.locator('.chat-bubble--user')).toHaveText(['Give me a table of the launch plan']);
    await expectNoSeriousAxeViolations(page);
  });

  test('a code reply is highlighted and its block copies with its own button', async ({ page, request, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const account = await createAccount(request, uniqueEmail('chat-code'));
    await openChat(page, account);
    await ask(page, 'Write a TypeScript function for my tasks');
    const block = page.locator('.chat-bubble--assistant pre').last();
    await expect(block.locator('.hljs-keyword').first()).toHaveText('export');
    await block.getByRole('button', { name: 'Copy code' }).click();
    await expect(block.getByRole('button', { name: 'Copied!' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^export function nextStep\(tasks: string\[\]\): string \{\n[\s\S]*\}\n?$/);
    expect(copied).not.toContain('Copy code');
    await expectNoSeriousAxeViolations(page);
  });

  test('the composer is in view without scrolling at 1280×800 and 375×812, the list in a drawer on a phone', async ({ page, request }) => {
    const account = await createAccount(request, uniqueEmail('chat-layout'));
    await page.setViewportSize({ width: 1280, height: 800 });
    await openChat(page, account);
    await ask(page, 'Plan my week');
    await expectComposerInView(page);
    await expect(page.locator('.shell-footer')).toBeHidden();
    await expectNoSeriousAxeViolations(page);
    await expect(page.getByTestId('estimated-cost')).toHaveText('This message: —');
    await page.getByRole('textbox', { name: 'Message' }).fill('x'.repeat(40));
    await expect(page.getByTestId('estimated-cost')).toHaveText(/^This message: up to [\d,]+ credits$/);

    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await expect(page.locator('.chat-bubble--user')).toHaveText(['Plan my week']);
    await expectComposerInView(page);
    await expect(list(page)).toBeHidden();
    await page.getByRole('button', { name: 'Conversations' }).click();
    await expect(list(page)).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await entry(page, 'Plan my week').click();
    await expect(list(page)).toBeHidden();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('a long conversation: scrolled up, the view stays put and "Jump to latest" brings it back; Export as Markdown downloads the messages', async ({ page, request }) => {
    const account = await createAccount(request, uniqueEmail('chat-long'));
    await page.setViewportSize({ width: 1280, height: 800 });
    await openChat(page, account);
    const questions = ['Plan the quarterly board meeting', 'Give me a table of the launch plan', 'A list of ideas for the team offsite'];
    for (const question of questions) await ask(page, question);
    const pane = page.getByRole('log', { name: 'Conversation' });
    const jump = page.getByRole('button', { name: 'Jump to latest' });
    const fromEnd = () => pane.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight);
    const fromTop = () => pane.evaluate((element) => element.scrollTop);
    // Longer than the pane, which follows the newest reply.
    expect(await pane.evaluate((element) => element.scrollHeight > element.clientHeight * 1.5)).toBe(true);
    await expect.poll(fromEnd).toBeLessThan(48);
    await expect(jump).toHaveCount(0);

    // The reader scrolls up while the next reply streams: the view stays where they are.
    const last = 'Write code for the agenda';
    await page.getByRole('textbox', { name: 'Message' }).fill(last);
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(page.getByTestId('streaming-reply')).toContainText('Meeting Prep');
    await pane.hover();
    await page.mouse.wheel(0, -10_000);
    await expect(jump).toBeVisible();
    await expect.poll(fromTop).toBeLessThan(100);
    await expect(page.getByTestId('streaming-reply')).toHaveCount(0, { timeout: 15_000 });
    expect(await fromTop()).toBeLessThan(100);
    await expect(jump).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await jump.click();
    await expect.poll(fromEnd).toBeLessThan(48);
    await expect(jump).toHaveCount(0);
    await expect(page.locator('.chat-bubble--assistant').last()).toBeInViewport();
    // From the keyboard too: the conversation is a tab stop of its own, and Home scrolls it to the start.
    await pane.focus();
    await expect(pane).toBeFocused();
    await page.keyboard.press('Home');
    await expect.poll(fromTop).toBeLessThan(100);
    await expect(jump).toBeVisible();

    // Export: a .md file named after the conversation, with every message as written.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export as Markdown' }).click()]);
    expect(download.suggestedFilename()).toBe('plan-the-quarterly-board-meeting.md');
    const markdown = await readFile((await download.path())!, 'utf8');
    expect(markdown).toMatch(/^# Plan the quarterly board meeting\n/);
    for (const question of [...questions, last]) expect(markdown).toContain(`## You\n\n${question}\n`);
    expect(markdown.match(/^## Meeting Prep Assistant$/gm)).toHaveLength(4);
    expect(markdown).toContain('| Step | Owner | When |');
    expect(markdown).toContain('```ts\nexport function nextStep');
    expect(markdown).toContain('> You asked:');
    expect(markdown).not.toContain('<p>');
  });

  test('a healthy balance shows no warning; a low one shows it with Top up and Upgrade', async ({ page, request }) => {
    const account = await createAccount(request, uniqueEmail('chat-low'));
    await openChat(page, account);
    await expect(page.getByTestId('credits-remaining')).toHaveText('50,000 credits');
    await expect(page.locator('.chat-low-balance')).toHaveCount(0);
    await expect(page.getByText(/may not cover a typical reply/)).toHaveCount(0);

    const admin = await adminAccount(request);
    const drained = await request.post(`/api/chat/admin/wallets/${account.userId}/adjustments`, {
      headers: bearer(admin),
      data: { credits: -(50_000 - 3_200), reason: 'e2e: leave 3,200 credits' },
    });
    expect(drained.ok(), await drained.text()).toBe(true);
    await page.reload();
    await page.getByRole('combobox', { name: 'Agent' }).selectOption({ label: AGENT });
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    const banner = page.locator('.chat-low-balance');
    await expect(banner).toContainText('Your balance of 3,200 credits may not cover a typical reply.');
    await expect(banner.getByRole('link', { name: 'Top up' })).toHaveAttribute('href', '/dashboard');
    await expect(banner.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing');
    await page.getByRole('textbox', { name: 'Message' }).fill('x'.repeat(52));
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Insufficient credits. You need 3,900 credits but only have 3,200 remaining. Please upgrade your plan.')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
});
