import { E2E_PORTS } from '../support/ports';
import { expect, test } from '../support/fixtures';
import { pageHeading, siteFooter, TEXT } from '../support/site';

const MARKETING_CHUNKS = `http://localhost:${E2E_PORTS.MFE_MARKETING_PORT}/**`;

// Sums layout shifts the way Chromium's CLS does (shifts right after input do not count).
const OBSERVE_SHIFTS = `
  window.__layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__layoutShift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;

test.describe('Layout stability while a page loads', () => {
  for (const width of [1280, 375]) {
    test(`on a slow remote the footer stays below the fold until the page lands, and nothing jumps (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 600 ? 812 : 800 });
      await page.addInitScript(OBSERVE_SHIFTS);
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(MARKETING_CHUNKS, async (route) => {
        await held;
        await route.continue();
      });

      await page.goto('/pricing', { waitUntil: 'commit' });
      await expect(siteFooter(page)).toBeAttached();
      const viewportHeight = page.viewportSize()!.height;
      const footerTop = async () => (await siteFooter(page).boundingBox())!.y;
      expect(await footerTop()).toBeGreaterThanOrEqual(viewportHeight);

      release();
      await expect(pageHeading(page, TEXT.pricingHeading)).toBeVisible();
      await expect(page.getByRole('article')).toHaveCount(4);
      await page.waitForLoadState('networkidle');
      const shift = await page.evaluate(() => (window as unknown as { __layoutShift: number }).__layoutShift);
      expect(shift).toBeLessThanOrEqual(0.05);
    });
  }
});
