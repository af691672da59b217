import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { type Account, adminAccount, bearer, createAccount, signInBrowser, uniqueEmail } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { E2E_PORTS } from '../support/ports';
import { mainContent, pageHeading } from '../support/site';

// Issue 42 end to end: an admin connects a model, builds an agent (instructions, a starter, a
// knowledge file), tries the draft in the console, publishes; a customer on the agent's tier sees
// the starter and gets a reply that follows the instructions and cites the file, whose passage
// opens; restoring the previous version changes the next reply.
// The built-in demo provider answers from the instructions it is given, quoting the one it follows.

const CAPTAIN = "Always answer like a ship's captain.";
const FORMAL = 'Answer in plain, formal English.';
const follows = (instruction: string) => `Following my instructions (“${instruction}”)`;
const KNOWLEDGE_FILE = 'harbor-launch-plan.md';
const KNOWLEDGE_TEXT = 'Every product launch plan starts at high tide: check the harbour tide table before you fix the launch date.';

async function chatAgentNames(request: APIRequestContext, account: Pick<Account, 'accessToken'>): Promise<string[]> {
  const answer = await request.get('/api/chat/agents', { headers: bearer(account) });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { agents: Array<{ name: string }> }).agents.map((agent) => agent.name);
}

async function publish(page: Page, version: number) {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(`Live: version ${version}`)).toBeVisible();
}

test.describe('Building agents', () => {
  test('connection, instructions and a starter, draft test, publish; the customer gets the live version; a restore changes the next reply', async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    const admin = await adminAccount(request);
    const suffix = randomUUID().slice(0, 8);
    const connectionName = `E2E demo ${suffix}`;
    const agentName = `Harbor Guide ${suffix}`;

    // 1. A connection to the demo provider, with a key that is never shown again.
    await signInBrowser(page, admin);
    await page.goto('/admin?tab=agents');
    await expect(pageHeading(page, 'Admin Dashboard')).toBeVisible();
    await page.getByRole('radio', { name: 'Connections' }).check();
    await page.getByRole('button', { name: 'Add Connection' }).click();
    await page.getByLabel('Name', { exact: true }).fill(connectionName);
    await page.getByLabel('Base URL').fill(`http://127.0.0.1:${E2E_PORTS.AGENT_PROVIDER_PORT}/v1`);
    await page.getByLabel('API key').fill(`demo-key-${suffix}-7788`);
    await page.getByLabel('Default model').fill('agentdock-demo');
    await page.getByRole('button', { name: 'Save Connection' }).click();
    const connection = mainContent(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3, name: connectionName, exact: true }) });
    await expect(connection.getByText('•••• 7788')).toBeVisible();
    await expect(mainContent(page)).not.toContainText(`demo-key-${suffix}`);
    await connection.getByRole('button', { name: `Test connection ${connectionName}` }).click();
    await expect(connection.getByText('Connected: 2 models available.')).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'main');

    // 2. An agent for the Starter tier, built on that connection.
    await page.getByRole('radio', { name: 'Agents' }).check();
    await page.getByRole('button', { name: 'Add Agent' }).click();
    await page.getByLabel('Key').fill(`harbor-${suffix}`);
    await page.getByLabel('Name', { exact: true }).fill(agentName);
    await page.getByLabel('Description').fill('Guides your launches.');
    await page.getByLabel('Tier').selectOption({ label: 'Starter' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: `Build ${agentName}: instructions, model, starters, versions` }).click();
    await expect(page.getByRole('heading', { name: `Build: ${agentName}` })).toBeVisible();
    const instructions = page.getByLabel('Instructions', { exact: true });
    await instructions.fill(`# Harbor Guide\n${CAPTAIN}`);
    await page.getByLabel('Connection', { exact: true }).selectOption({ label: connectionName });
    await page.getByLabel(/^Conversation starters/).fill('Plan our product launch');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page.getByText('Draft saved. Customers still get the live version.')).toBeVisible();
    // A knowledge file the agent answers from (and cites).
    const knowledge = page.getByRole('region', { name: 'Knowledge' });
    await knowledge.getByLabel('Add files').setInputFiles({ name: KNOWLEDGE_FILE, mimeType: 'text/markdown', buffer: Buffer.from(`# Launch plan\n\n${KNOWLEDGE_TEXT}\n`) });
    await expect(knowledge.getByRole('listitem').filter({ hasText: KNOWLEDGE_FILE })).toBeVisible();

    // 3. The draft test answers from the draft, marked as such.
    const draftChat = page.getByRole('region', { name: 'Draft test' });
    await expect(draftChat.getByText('Not charged · not saved')).toBeVisible();
    await draftChat.getByLabel('Message to the draft').fill('Hello there');
    await draftChat.getByRole('button', { name: 'Send to draft' }).click();
    await expect(draftChat.locator('.adm-draft-chat__turn--assistant')).toContainText(follows(CAPTAIN));
    await expectNoSeriousAxeViolations(page, 'main');
    // On a phone the draft chat goes under the form and nothing is wider than the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const [form, chat] = [await instructions.boundingBox(), await draftChat.boundingBox()];
    expect(chat!.y).toBeGreaterThan(form!.y + form!.height);
    await page.setViewportSize({ width: 1280, height: 900 });

    // 4. Publish version 1, then version 2 with other instructions.
    await publish(page, 1);
    await instructions.fill(`# Harbor Guide\n${FORMAL}`);
    await publish(page, 2);

    // 5. A Starter customer sees the starter and the reply follows version 2; a free one does not see the agent.
    const customer = await createAccount(request, uniqueEmail('builder'));
    const promoted = await request.patch(`/api/identity/admin/users/${customer.userId}`, { headers: bearer(admin), data: { subscriptionTier: 'starter' } });
    expect(promoted.ok(), await promoted.text()).toBe(true);
    expect(await chatAgentNames(request, await createAccount(request))).not.toContain(agentName);
    const customerPage = await (await browser.newContext()).newPage();
    await signInBrowser(customerPage, customer);
    await customerPage.goto('/chat');
    const picker = customerPage.getByRole('combobox', { name: 'Agent' });
    await expect(picker.getByRole('option', { name: agentName })).toBeAttached();
    await picker.selectOption({ label: agentName });
    const starters = customerPage.getByRole('list', { name: 'Conversation starters' });
    await starters.getByRole('button', { name: 'Plan our product launch' }).click();
    const lastReply = customerPage.locator('.chat-bubble--assistant').last();
    await expect(lastReply).toContainText(follows(FORMAL));
    await expect(customerPage.getByTestId('streaming-reply')).toHaveCount(0);
    // The reply names the file it drew on, and the customer can read the passage it was given.
    const sources = lastReply.locator('.chat-sources');
    await expect(sources).toContainText(`Sources: ${KNOWLEDGE_FILE}`);
    await sources.getByRole('button', { name: KNOWLEDGE_FILE }).click();
    await expect(sources.locator('blockquote')).toContainText(KNOWLEDGE_TEXT);

    // 6. The admin restores version 1 (as version 3): the customer's next reply follows it.
    await page.getByRole('button', { name: 'Restore version 1' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByText('Live: version 3')).toBeVisible();
    await expect(instructions).toHaveValue(`# Harbor Guide\n${CAPTAIN}`);
    const input = customerPage.getByRole('textbox', { name: 'Message' });
    await input.fill('And after the launch?');
    await input.press('Enter');
    await expect(customerPage.locator('.chat-bubble--assistant').last()).toContainText(follows(CAPTAIN));
    await expect(customerPage.locator('.chat-bubble--assistant').first()).toContainText(follows(FORMAL));

    // 7. The audit trail shows the instructions' change as lines.
    await page.getByRole('button', { name: 'Back to agents' }).click();
    await page.getByRole('tab', { name: 'Audit', exact: true }).click();
    await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Restored an agent version' });
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    const diff = page.getByLabel('Changes to the instructions').first();
    await expect(diff).toContainText(`- ${FORMAL}`);
    await expect(diff).toContainText(`+ ${CAPTAIN}`);
    await customerPage.context().close();
  });
});
