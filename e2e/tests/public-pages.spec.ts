import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { MARKETING_PAGES } from '../support/public-pages';
import { mainContent, pageHeading } from '../support/site';

async function description(page: Page): Promise<string | null> {
  return page.locator('meta[name="description"]').getAttribute('content');
}

test.describe('Public pages', () => {
  test('each page sets its own document title and description', async ({ page }) => {
    const seen = new Set<string>();
    for (const entry of MARKETING_PAGES) {
      await page.goto(entry.path);
      await expect(pageHeading(page, entry.heading)).toBeVisible();
      await expect(page).toHaveTitle(entry.title);
      const text = await description(page);
      expect(text?.length ?? 0, `description of ${entry.path}`).toBeGreaterThan(20);
      seen.add(text!);
    }
    // Not one site-wide text: every page describes itself.
    expect(seen.size).toBe(MARKETING_PAGES.length);
  });

  test('About shows the mission, the three core values and the banner', async ({ page }) => {
    await page.goto('/about');
    await expect(mainContent(page).getByRole('heading', { level: 2, name: 'Our Mission' })).toBeVisible();
    await expect(
      mainContent(page)
        .getByText(/We help businesses put AI agents to work/)
        .nth(1),
    ).toBeVisible();
    const values = mainContent(page).getByRole('heading', { level: 2, name: 'Our core values' }).locator('..');
    const names = values.getByRole('heading', { level: 3 });
    await expect(names).toHaveCount(3);
    expect((await names.allTextContents()).sort()).toEqual(['Collaboration', 'Excellence', 'Innovation']);
    await expect(mainContent(page).getByRole('img', { name: /Agentdock/ })).toBeVisible();
  });

  test('Our Story shows the timeline and the claims', async ({ page }) => {
    await page.goto('/our-story');
    const steps = mainContent(page).getByRole('listitem');
    await expect(steps).toHaveCount(5);
    await expect(steps.getByRole('heading', { level: 3 })).toHaveText(['The Beginning', 'Launch', 'Industry Recognition Goal', 'Team Expansion Goal', 'Global Expansion Goal']);
    await expect(steps.locator('.mk-timeline__year')).toHaveText(['2024', '2025', '2027', '2028', '2029']);
    await expect(steps.nth(3)).toContainText('50+ specialists');
    await expect(steps.nth(4)).toContainText('20+ countries');
    for (const [value, label] of [
      ['500+', 'Clients'],
      ['20+', 'Countries'],
      ['100+', 'Specialists'],
    ]) {
      await expect(mainContent(page).locator('.mk-stats__item', { hasText: label }).locator('dd')).toHaveText(value!);
    }
  });

  test('Terms: 9 sections dated August 14, 2025, with the notice period, refunds and a contact address', async ({ page }) => {
    await page.goto('/terms');
    await expect(mainContent(page).getByText('Last updated August 14, 2025')).toBeVisible();
    await expect(mainContent(page).getByRole('heading', { level: 2 })).toHaveCount(9);
    await expect(mainContent(page)).toContainText("30 days' notice");
    await expect(mainContent(page)).toContainText('non-refundable for change of mind');
    await expect(mainContent(page).getByRole('link', { name: 'support@agentdock.example' })).toHaveAttribute('href', 'mailto:support@agentdock.example');

    // The contents list jumps to a section.
    await mainContent(page).getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'Changes to these terms' }).click();
    await expect(mainContent(page).getByRole('heading', { level: 2, name: '9. Changes to these terms' })).toBeInViewport();
  });

  test('Privacy: 10 sections dated August 14, 2025, with a contact address', async ({ page }) => {
    await page.goto('/privacy');
    await expect(mainContent(page).getByText('Last updated August 14, 2025')).toBeVisible();
    await expect(mainContent(page).getByRole('heading', { level: 2 })).toHaveCount(10);
    await expect(mainContent(page).getByRole('link', { name: 'support@agentdock.example' }).first()).toHaveAttribute('href', 'mailto:support@agentdock.example');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

    test('no public page is wider than the screen', async ({ page }) => {
      for (const entry of MARKETING_PAGES) {
        await page.goto(entry.path);
        await expect(pageHeading(page, entry.heading)).toBeVisible();
        // Wait for the data-driven blocks, which are the likeliest to overflow.
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `horizontal overflow on ${entry.path}`).toBeLessThanOrEqual(0);
      }
    });
  });
});
