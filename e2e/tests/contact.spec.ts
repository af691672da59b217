import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { mailtoDrafts, pageHeading, stubMailto } from '../support/site';

const messageCard = (page: Page) => page.getByRole('main').locator('.ad-card', { has: page.getByRole('heading', { name: 'Send us a Message' }) });

test.describe('Contact page', () => {
  test.beforeEach(async ({ page }) => {
    await stubMailto(page);
    await page.goto('/contact');
    await expect(pageHeading(page, 'Contact')).toBeVisible();
  });

  test('gives the support address, the response promise and the community invite', async ({ page }) => {
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'support@agentdock.example' })).toHaveAttribute('href', 'mailto:support@agentdock.example');
    await expect(main.getByText("We'll respond within 24 hours")).toBeVisible();
    const invite = main.getByRole('link', { name: /discord\.gg\/agentdock/ });
    await expect(invite).toHaveAttribute('href', 'https://discord.gg/agentdock');
    await expect(invite).toHaveAttribute('target', '_blank');
    await expect(main.getByRole('heading', { level: 2, name: 'Send us a Message' })).toBeVisible();
  });

  test('checks every field before drafting anything', async ({ page }) => {
    const form = messageCard(page);
    await form.getByRole('textbox', { name: 'Email' }).fill('not-an-address');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Please enter your name.')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Please enter a valid email address.');
    await expect(form.getByText('Please enter a message.')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Name' })).toBeFocused();
    expect(await mailtoDrafts(page)).toEqual([]);
  });

  test('a valid message, typed with the keyboard only, opens a mail draft and confirms', async ({ page }) => {
    const form = messageCard(page);
    await form.getByRole('textbox', { name: 'Name' }).focus();
    await page.keyboard.type('Grace Hopper');
    await page.keyboard.press('Tab');
    await page.keyboard.type('grace@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Can you build us a support agent?');
    await page.keyboard.press('Tab');
    await expect(form.getByRole('button', { name: 'Send Message' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(form.getByRole('status').getByRole('heading', { name: 'Your email app is open' })).toBeVisible();
    const drafts = await mailtoDrafts(page);
    expect(drafts).toHaveLength(1);
    const draft = new URL(drafts[0]!);
    expect(draft.pathname).toBe('sales@agentdock.example');
    expect(draft.searchParams.get('subject')).toContain('Grace Hopper');
    expect(draft.searchParams.get('body')).toContain('Can you build us a support agent?');

    await form.getByRole('button', { name: 'Send another message' }).click();
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });
});
