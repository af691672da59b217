import type { APIRequestContext } from '@playwright/test';
import { ROUTES } from '../../shell/src/routing/route-table';
import { adminAccount, bearer, createAccount, signInBrowser, uniqueEmail } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { E2E_PORTS } from '../support/ports';
import { PUBLIC_COURSE_ID, PUBLIC_PAGES, type PublicPage } from '../support/public-pages';
import { mainContent, mainNav, pageHeading, reactOwns, servedHtml, siteFooter, TEXT, useServedPage } from '../support/site';

// Public pages arrive with their content in the HTML (the shell's server renderer), and the
// browser takes that markup over instead of drawing the page again.

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function routeDescription(path: string): string {
  const route = ROUTES.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`No route ${path}`);
  return route.description;
}

async function expectedDescription(request: APIRequestContext, page: PublicPage): Promise<string> {
  if (page.path.startsWith('/courses/')) return ((await (await request.get(`/api/catalog/courses/${PUBLIC_COURSE_ID}`)).json()) as { description: string }).description;
  return page.description ?? routeDescription(page.path);
}

/** The text of the first h1 of the served HTML. */
const servedHeading = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '');

test.describe('Server-rendered public pages', () => {
  test('every public page is served with its heading, title and description in the HTML', async ({ request }) => {
    for (const page of PUBLIC_PAGES) {
      const html = await servedHtml(request, page.path);
      expect(servedHeading(html), `h1 of ${page.path}`).toBe(escapeHtml(page.heading));
      expect(html, `title of ${page.path}`).toContain(`<title>${escapeHtml(page.title)}</title>`);
      expect(html, `description of ${page.path}`).toContain(`<meta name="description" content="${escapeHtml(await expectedDescription(request, page))}"`);
    }
  });

  test('members-only pages and unknown paths are left to the browser', async ({ request }) => {
    for (const path of ['/dashboard', '/chat']) {
      const html = await servedHtml(request, path);
      expect(html, path).toMatch(/<div id="?root"?><\/div>/);
    }
    // An unknown path is the plain shell too (its not-found page renders in the browser), with 404.
    const unknown = await request.get('/no-such-page', { headers: { accept: 'text/html' } });
    expect(unknown.status()).toBe(404);
    expect(await unknown.text()).toMatch(/<div id="?root"?><\/div>/);
  });

  for (const path of ['/', '/pricing', '/signin']) {
    test(`hydration keeps the served markup of ${path}: same heading node, nothing removed`, async ({ page }) => {
      // Runs before the document is parsed. Once parsing ends ('interactive', before any deferred
      // script runs) the heading the parser created is tagged; every element removed from #root
      // afterwards is recorded.
      await page.addInitScript(() => {
        const win = window as unknown as { __removedFromRoot: string[] };
        win.__removedFromRoot = [];
        document.addEventListener('readystatechange', () => {
          if (document.readyState !== 'interactive') return;
          const heading = document.querySelector('main h1');
          // A property, not an attribute: the markup React compares stays as served.
          if (heading) (heading as unknown as { __parsed?: boolean }).__parsed = true;
          new MutationObserver((records) => {
            for (const record of records) {
              for (const node of record.removedNodes) if (node instanceof Element) win.__removedFromRoot.push(node.outerHTML.slice(0, 120));
            }
          }).observe(document.getElementById('root')!, { childList: true, subtree: true });
        });
      });
      await page.goto(path);
      // Interactive: the visitor's pointer brought the page's micro-frontend, and React has taken the markup over.
      await useServedPage(page);
      await page.waitForLoadState('networkidle');
      const heading = mainContent(page).locator('h1');
      await expect(heading).toHaveCount(1);
      expect(await heading.evaluate((element) => (element as unknown as { __parsed?: boolean }).__parsed), 'the h1 is the node the HTML parser created').toBe(true);
      expect(await page.evaluate(() => (window as unknown as { __removedFromRoot: string[] }).__removedFromRoot), 'elements removed from the served markup').toEqual([]);

      // The header's links navigate in the page (React handles them), without a full load.
      await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
      await mainNav(page).getByRole('link', { name: 'Our AI Agents' }).click();
      await expect(pageHeading(page, 'Our AI Agents')).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    });
  }

  test('a visitor without a session gets every public page hydrated as served: React draws no part of it again', async ({ page }) => {
    // Twelve pages, each loaded and left to go quiet.
    test.setTimeout(120_000);
    // The shell reports a part React had to draw again (the served markup did not match) with
    // console.info, since a visitor with a session expects it: their view is not the one served.
    const redrawn: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('rendered in the browser instead of hydrating')) redrawn.push(`${page.url()}: ${message.text()}`);
    });
    for (const { path } of PUBLIC_PAGES) {
      await page.goto(path);
      await useServedPage(page);
      await page.waitForLoadState('networkidle');
    }
    expect(redrawn).toEqual([]);
  });

  test('a visitor without a session who only reads a served page gets none of its code; the first use brings it, and a choice made on the served markup holds', async ({
    page,
  }) => {
    const marketingScripts: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.port === String(E2E_PORTS.MFE_MARKETING_PORT) && url.pathname.endsWith('.js')) marketingScripts.push(url.pathname);
    });
    await page.goto('/pricing');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    expect(marketingScripts, 'scripts of the pricing page fetched while the visitor only reads').toEqual([]);
    expect(await reactOwns(mainContent(page).locator('h1'))).toBe(false);
    // The shell itself is live: its header is React's.
    expect(await reactOwns(mainNav(page))).toBe(true);

    await mainContent(page)
      .getByRole('radio', { name: /^Annual/ })
      .check();
    await expect(mainContent(page).getByText('Billed annually at $540 per year')).toBeVisible();
    await expect(mainContent(page).getByRole('radio', { name: /^Annual/ })).toBeChecked();
    expect(marketingScripts).toContain('/remoteEntry.js');
    expect(await reactOwns(mainContent(page).locator('h1'))).toBe(true);
  });

  test('a visitor who may have a session, or a URL with a query, gets the served page hydrated at once, without using it', async ({ page, request }) => {
    await page.goto('/pricing?subscription=cancelled');
    await expect.poll(() => reactOwns(mainContent(page).locator('h1')), { timeout: 20_000 }).toBe(true);

    await signInBrowser(page, await createAccount(request));
    await page.goto('/courses');
    await expect.poll(() => reactOwns(mainContent(page).locator('h1')), { timeout: 20_000 }).toBe(true);
  });

  test('a keyboard visitor brings the served page its code with the first key', async ({ page }) => {
    await page.goto('/courses');
    await page.waitForLoadState('networkidle');
    expect(await reactOwns(mainContent(page).locator('h1'))).toBe(false);
    await page.keyboard.press('Tab');
    await expect.poll(() => reactOwns(mainContent(page).locator('h1')), { timeout: 20_000 }).toBe(true);
  });

  test('a reset asked for on the served page before its scripts arrive is sent, with the typed address, once they have', async ({ page }) => {
    // Every script of the account remote late: the served reset form is typed into and sent first.
    await page.route(
      (url) => url.port === String(E2E_PORTS.MFE_ACCOUNT_PORT) && url.pathname.endsWith('.js'),
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 700));
        await route.continue();
      },
    );
    const email = uniqueEmail('early-reset');
    await page.goto('/signin?view=forgotten_password');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send Reset Instructions' }).click();
    await expect(pageHeading(page, 'Check Your Email')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(`If an account exists for ${email}, we have sent it instructions to reset your password.`)).toBeVisible();
    expect(new URL(page.url()).search, 'no native submit put the address in the URL').toBe('?view=forgotten_password');
  });

  test('with a slow marketing remote the page is there at once and the footer stays below the fold', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.route(`http://localhost:${E2E_PORTS.MFE_MARKETING_PORT}/**`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await route.continue();
    });
    await page.goto('/pricing', { waitUntil: 'domcontentloaded' });
    // The remote is still on its way: what is shown is the served markup.
    // No waiting here: the page is what the HTML brought, not what a script drew later.
    expect(await page.locator('meta[name="agentdock-remote:marketing"]').count()).toBe(0);
    expect(await page.locator('main h1').textContent()).toBe(TEXT.pricingHeading);
    expect(await page.getByRole('article').count()).toBe(4);
    await expect(pageHeading(page, TEXT.pricingHeading)).toBeInViewport();
    const viewportHeight = page.viewportSize()!.height;
    expect((await siteFooter(page).boundingBox())!.y).toBeGreaterThanOrEqual(viewportHeight);

    await expect(page.locator('meta[name="agentdock-remote:marketing"]')).toBeAttached({ timeout: 20_000 });
    expect((await siteFooter(page).boundingBox())!.y).toBeGreaterThanOrEqual(viewportHeight);
  });

  test("an operator's content edit is in the served HTML within a minute", async ({ request }) => {
    test.setTimeout(90_000);
    const admin = await adminAccount(request);
    const { sections } = (await (await request.get('/api/catalog/admin/content', { headers: bearer(admin) })).json()) as {
      sections: Array<{ id: string; slot: string | null; content: string; format: string }>;
    };
    const intro = sections.find((section) => section.slot === 'pricing.intro')!;
    const marker = `Fresh plans ${Date.now().toString(36)}`;
    await servedHtml(request, '/pricing');
    try {
      const edited = await request.patch(`/api/catalog/admin/content/${intro.id}`, { headers: bearer(admin), data: { content: `<p>${marker}</p>`, format: 'html' } });
      expect(edited.ok(), await edited.text()).toBe(true);
      const editedAt = Date.now();
      await expect.poll(() => servedHtml(request, '/pricing'), { timeout: 60_000, intervals: [500] }).toContain(marker);
      expect(Date.now() - editedAt).toBeLessThan(60_000);
    } finally {
      const restored = await request.patch(`/api/catalog/admin/content/${intro.id}`, { headers: bearer(admin), data: { content: intro.content, format: intro.format } });
      expect(restored.ok(), await restored.text()).toBe(true);
    }
  });
});
