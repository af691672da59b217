import { E2E_PORTS } from '../support/ports';
import { expect, test } from '../support/fixtures';
import { pageHeading, siteFooter, TEXT } from '../support/site';

const MARKETING_CHUNKS = `http://localhost:${E2E_PORTS.MFE_MARKETING_PORT}/**`;

// Sums layout shifts the way Chromium's CLS does (shifts right after input do not count), and keeps
// what moved, so that a failure names the element instead of only a score.
const OBSERVE_SHIFTS = `
  window.__layoutShift = 0;
  window.__layoutShiftSources = [];
  const describe = (node) => node ? node.nodeName.toLowerCase() + (node.id ? '#' + node.id : '') + (typeof node.className === 'string' && node.className ? '.' + node.className.split(' ').join('.') : '') + ' "' + (node.textContent || '').trim().slice(0, 40) + '"' : '(removed node)';
  const rect = (r) => Math.round(r.x) + ',' + Math.round(r.y) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      window.__layoutShift += entry.value;
      for (const source of entry.sources) {
        window.__layoutShiftSources.push(entry.value.toFixed(4) + ' at ' + Math.round(entry.startTime) + ' ms: ' + describe(source.node) + ' ' + rect(source.previousRect) + ' -> ' + rect(source.currentRect));
      }
    }
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
      const { shift, sources } = await page.evaluate(() => {
        const observed = window as unknown as { __layoutShift: number; __layoutShiftSources: string[] };
        return { shift: observed.__layoutShift, sources: observed.__layoutShiftSources };
      });
      expect(shift, `layout shifts:\n${sources.join('\n')}`).toBeLessThanOrEqual(0.05);
    });
  }
});
