import type { APIRequestContext, Page } from '@playwright/test';
import { adminAccount, bearer, createAccount, signInBrowser, uniqueEmail, type Account } from '../support/accounts';
import { expect, test } from '../support/fixtures';

async function wallet(request: APIRequestContext, account: Account) {
  const response = await request.get('/api/chat/wallet', { headers: bearer(account) });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { creditsRemaining: number; purchasedCredits: number };
}

async function openChat(page: Page, account: Account, agentName: string) {
  await signInBrowser(page, account);
  await page.goto('/chat');
  await expect(page.getByRole('heading', { name: 'Chat with Your AI Agent' })).toBeVisible();
  const picker = page.getByRole('combobox', { name: 'Agent' });
  await expect(picker.getByRole('option', { name: agentName })).toBeAttached();
  await picker.selectOption({ label: agentName });
}

test.describe('Chat', () => {
  test('a new account chats with a free agent: the reply streams in and the credits drop by the settled amount', async ({ page, request }) => {
    const account = await createAccount(request, uniqueEmail('chat'));
    await openChat(page, account, 'Meeting Prep Assistant');
    await expect(page.getByText(/built-in demo, not a real AI model/)).toBeVisible();
    await expect(page.getByTestId('credits-remaining')).toHaveText('50,000 credits');

    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill('Help me prepare the quarterly board meeting');
    await input.press('Shift+Enter');
    await input.pressSequentially('Focus on hiring');
    await expect(input).toHaveValue('Help me prepare the quarterly board meeting\nFocus on hiring');
    await input.press('Enter');

    // Token by token: the streaming bubble shows part of the reply before the whole has arrived.
    const streaming = page.getByTestId('streaming-reply');
    await expect(streaming).toContainText('Meeting Prep Assistant');
    const partial = (await streaming.innerText()).length;
    await expect(page.getByText('This answer comes from the built-in demo provider.')).toBeVisible();
    expect(partial).toBeLessThan((await page.locator('.chat-bubble--assistant').last().innerText()).length);
    // The last words show before the server settles the reply's cost; the wallet is read after.
    await expect(streaming).toHaveCount(0);

    const after = await wallet(request, account);
    const spent = 50_000 - after.creditsRemaining;
    expect(spent).toBeGreaterThan(0);
    expect(spent % 100).toBe(0);
    await expect(page.getByTestId('credits-remaining')).toHaveText(`${after.creditsRemaining.toLocaleString('en-US')} credits`);

    await page.reload();
    await page.getByRole('combobox', { name: 'Agent' }).selectOption({ label: 'Meeting Prep Assistant' });
    await expect(page.locator('.chat-bubble--user').filter({ hasText: 'Focus on hiring' })).toBeVisible();
  });

  test('the image agent draws an image that opens full screen and downloads', async ({ page, request }) => {
    const account = await createAccount(request, uniqueEmail('chat-image'));
    const admin = await adminAccount(request);
    const upgraded = await request.patch(`/api/identity/admin/users/${account.userId}`, { headers: bearer(admin), data: { subscriptionTier: 'starter' } });
    expect(upgraded.ok(), await upgraded.text()).toBe(true);
    // A fresh token carries the new tier.
    await openChat(page, account, 'Image Generator');
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill('A lighthouse on a cliff at sunset');
    await page.getByRole('button', { name: 'Send' }).click();
    const preview = page.getByRole('button', { name: 'Open the image full screen' });
    await expect(preview).toBeVisible();
    const box = await preview.locator('img').boundingBox();
    expect(box!.height).toBeLessThanOrEqual(300);
    await preview.click();
    const viewer = page.getByRole('dialog', { name: 'Generated image' });
    await expect(viewer).toBeVisible();
    // Scaled to the viewport, keeping its aspect: the 256 px square grows to the stage's height.
    const shown = (await viewer.locator('img').boundingBox())!;
    expect(shown.height).toBeGreaterThan(400);
    const fitted = await viewer.locator('img').evaluate((img: HTMLImageElement) => getComputedStyle(img).objectFit);
    expect(fitted).toBe('contain');
    await viewer.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(async () => (await viewer.locator('img').boundingBox())!.width).toBeGreaterThan(shown.width);
    await viewer.getByRole('button', { name: 'Zoom out' }).click();
    const download = page.waitForEvent('download');
    await viewer.getByRole('button', { name: 'Download' }).click();
    // The demo draws PNGs: the file keeps that type.
    expect((await download).suggestedFilename()).toMatch(/^generated-image-.*\.png$/);
    await viewer.getByRole('button', { name: 'Close' }).click();
    await expect(viewer).toHaveCount(0);
  });

  test.describe('when the credits do not cover a message', () => {
    test('shows the exact insufficient-credits text and spends nothing', async ({ page, request }) => {
      const account = await createAccount(request, uniqueEmail('chat-broke'));
      const admin = await adminAccount(request);
      const before = await wallet(request, account);
      const drained = await request.post(`/api/chat/admin/wallets/${account.userId}/adjustments`, {
        headers: bearer(admin),
        data: { credits: -(before.creditsRemaining - 500), reason: 'e2e: leave 500 credits' },
      });
      expect(drained.ok(), await drained.text()).toBe(true);
      await openChat(page, account, 'Meeting Prep Assistant');
      await expect(page.getByTestId('credits-remaining')).toHaveText('500 credits');
      await page.getByRole('textbox', { name: 'Message' }).fill('Please prepare a detailed agenda');
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(page.getByText('Insufficient credits. You need 2,400 credits but only have 500 remaining. Please upgrade your plan.')).toBeVisible();
      expect((await wallet(request, account)).creditsRemaining).toBe(500);
    });
  });

  test('visitors see the membership overlay with the plans and a way to sign in (375 px)', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/chat');
    await expect(page.getByRole('heading', { name: 'Unlock Chat with a Membership' })).toBeVisible();
    await expect(page.locator('.chat-plan')).toHaveCount(3);
    // The free plan's summary names its price, not "Free / Free"; credits carry separators.
    const free = page.locator('.chat-plan').filter({ has: page.getByRole('heading', { name: 'Free', exact: true }) });
    await expect(free.locator('.chat-plan__price')).toHaveText('$0/month');
    await expect(free).toContainText('50,000 credits / month');
    await expect(page.getByRole('link', { name: 'Sign In' }).last()).toHaveAttribute('href', '/signin?returnUrl=%2Fchat');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
