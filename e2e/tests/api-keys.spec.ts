import type { APIResponse, Locator, Page } from '@playwright/test';
import { createAccount, PASSWORD, signInBrowser, uniqueEmail } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { failedRequest } from '../support/expected-errors';
import { expect, test } from '../support/fixtures';
import { inbox } from '../support/mailbox';
import { expectNoSidewaysScroll, pageHeading } from '../support/site';

const PAGE = '/dashboard/api-keys';
const KEY_NAME = 'E2E scripts';
const PHONE = { width: 375, height: 812 };

const createRegion = (page: Page) => page.getByRole('region', { name: 'Create an API key' });
const listRegion = (page: Page) => page.getByRole('region', { name: 'Your API keys' });
/** The list entry of the key named `name`. */
const keyItem = (page: Page, name: string): Locator =>
  listRegion(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

/** A request to the public API with the key, as an SDK would send it. */
const listModels = (page: Page, secret: string): Promise<APIResponse> => page.request.get('/v1/models', { headers: { authorization: `Bearer ${secret}` } });

test.describe('API keys in the account area', () => {
  // A password sign-in is not a recent proof of the address: the create form asks for the password once.
  test.use({ expectedConsoleErrors: { 'creating a key after a password sign-in asks for the password again (403)': failedRequest(403, '/api/identity/me/api-keys') } });

  test('create a key, copy it, use it with /v1, see its use, revoke it and have it refused', async ({ page, request, context }) => {
    test.setTimeout(60_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const account = await createAccount(request, uniqueEmail('api-keys'));
    await signInBrowser(page, account);

    // Reached from the dashboard's API Calls card.
    await page.goto('/dashboard');
    await page.getByRole('region', { name: 'API Calls' }).getByRole('link', { name: 'Manage API keys' }).click();
    await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
    await expect(pageHeading(page, 'API Keys')).toBeVisible();
    await expect(listRegion(page).getByText('You have no API keys yet.', { exact: false })).toBeVisible();
    // The docs use this site's own address.
    const origin = new URL(page.url()).origin;
    await expect(page.getByTestId('api-base-url')).toHaveText(`${origin}/v1`);
    await expect(page.getByTestId('api-snippet')).toContainText(`curl ${origin}/v1/chat/completions`);
    await expectNoSeriousAxeViolations(page);

    // Create: the password sign-in is not recent enough, so the form asks for the current password.
    const form = createRegion(page);
    await form.getByLabel('Name', { exact: true }).fill(KEY_NAME);
    await form.getByRole('button', { name: 'Create Key' }).click();
    await expect(form.getByRole('alert')).toContainText('current password');
    await expect(form.getByLabel('Current password')).toBeFocused();
    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Create Key' }).click();

    // The secret, once, with its warning; Copy puts it on the clipboard.
    const secretField = form.getByLabel('API key', { exact: true });
    await expect(secretField).toHaveValue(/^adk_\S{40,}$/);
    const secret = await secretField.inputValue();
    await expect(form.getByText("Copy this key now. You won't be able to see it again.")).toBeVisible();
    await form.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(form.getByRole('button', { name: 'Copied!' })).toBeVisible();
    await expect(form.getByRole('status')).toHaveText(/Copied/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    // Listed by its last four only.
    const item = keyItem(page, KEY_NAME);
    await expect(item.getByTestId('key-last-four')).toHaveText(`adk_…${secret.slice(-4)}`);
    await expect(item.getByTestId('key-last-used')).toHaveText('Never');
    await expectNoSeriousAxeViolations(page);
    await form.getByRole('button', { name: 'Done' }).click();
    await expect(secretField).toHaveCount(0);
    await page.reload();
    await expect(keyItem(page, KEY_NAME).getByTestId('key-last-four')).toHaveText(`adk_…${secret.slice(-4)}`);
    expect(await page.content()).not.toContain(secret);

    // The owner hears of it in their security emails.
    await expect
      .poll(async () => (await inbox(request, account.email)).some((message) => /API key/.test(message.subject) && message.text.includes(secret.slice(-4))), {
        message: 'an email about the new key',
      })
      .toBe(true);

    // The key works with the OpenAI-compatible API (chat learns of it through an event: poll).
    await expect.poll(async () => (await listModels(page, secret)).status(), { message: 'GET /v1/models with the new key' }).toBe(200);
    const models = (await (await listModels(page, secret)).json()) as { object: string; data: Array<{ id: string; owned_by: string }> };
    expect(models.object).toBe('list');
    expect(models.data.map((model) => model.id)).toContain('meeting-prep');
    expect(models.data.every((model) => model.owned_by === 'agentdock')).toBe(true);
    const completion = await page.request.post('/v1/chat/completions', {
      headers: { authorization: `Bearer ${secret}` },
      data: { model: 'meeting-prep', messages: [{ role: 'user', content: 'Three questions for the board meeting' }] },
    });
    expect(completion.status(), await completion.text()).toBe(200);
    expect(completion.headers()['x-ratelimit-limit-requests']).toBeTruthy();

    // This month's use, from chat's metering.
    await page.reload();
    const used = keyItem(page, KEY_NAME);
    await expect(used.getByTestId('key-requests')).toHaveText('1');
    await expect(used.getByTestId('key-last-used')).not.toHaveText('Never');
    await expect(used.getByTestId('key-credits')).not.toHaveText('0');

    // At 375 px: nothing scrolls sideways and axe finds nothing serious, the confirmation open too.
    await page.setViewportSize(PHONE);
    await expect(used.getByTestId('key-last-four')).toBeVisible();
    await expectNoSidewaysScroll(page, `${PAGE} at 375 px`);
    await expectNoSeriousAxeViolations(page);

    // Revoke, after a confirmation; keyboard only.
    await used.getByRole('button', { name: `Revoke ${KEY_NAME}` }).focus();
    await page.keyboard.press('Enter');
    const confirm = used.getByRole('group', { name: new RegExp(`Revoke “${KEY_NAME}”\\?`) });
    await expect(confirm.getByRole('button', { name: 'Revoke Key' })).toBeFocused();
    await expectNoSidewaysScroll(page, 'the revoke confirmation at 375 px');
    await expectNoSeriousAxeViolations(page);
    await page.keyboard.press('Enter');
    await expect(listRegion(page).getByRole('status')).toHaveText(`The key “${KEY_NAME}” was revoked.`);
    await expect(keyItem(page, KEY_NAME)).toHaveCount(0);
    await page.reload();
    await expect(listRegion(page).getByText('You have no API keys yet.', { exact: false })).toBeVisible();

    // Refused from its next request on (chat learns of the revocation through an event).
    await expect.poll(async () => (await listModels(page, secret)).status(), { message: 'GET /v1/models with the revoked key', timeout: 5_000 }).toBe(401);
    const refused = (await (await listModels(page, secret)).json()) as { error: { code: string; type: string } };
    expect(refused.error.code).toBe('invalid_api_key');

    await page.setViewportSize({ width: 1280, height: 720 });
    await expectNoSeriousAxeViolations(page);
  });
});
