import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Page, Route } from '@playwright/test';
import { E2E_PORTS } from '../support/ports';
import { expect, test } from '../support/fixtures';
import { mainContent, pageHeading, servedHtml, siteHeader, TEXT } from '../support/site';

// Deploy drills for one remote under the running platform: nothing else is rebuilt or restarted.
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const MARKETING_MANIFEST = `http://localhost:${E2E_PORTS.MFE_MARKETING_PORT}/mf-manifest.json`;

/** Builds mfe-marketing in place, where the running platform serves it from; the marker goes through the build's environment. */
async function buildMarketing(buildVersion?: string): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (buildVersion) env.MF_BUILD_VERSION = buildVersion;
  else delete env.MF_BUILD_VERSION;
  await promisify(execFile)('npm', ['run', 'build', '--silent', '-w', '@agentdock/mfe-marketing', '--', '--stats=errors-warnings'], { cwd: repoRoot, env });
}

const servedBuild = (page: Page) => page.locator('meta[name="agentdock-remote:marketing"]');

/** Serves the marketing manifest with `change` applied, as a redeploy with that change would. */
async function redeployManifest(page: Page, change: (manifest: Record<string, any>) => void): Promise<void> {
  await page.route(MARKETING_MANIFEST, async (route: Route) => {
    const response = await route.fetch();
    const manifest = (await response.json()) as Record<string, any>;
    change(manifest);
    await route.fulfill({ response, json: manifest });
  });
}

/** Serves a container whose exposed module was renamed (`./pages` → `./routes`), as a careless redeploy would. */
async function redeployWithRenamedExpose(page: Page): Promise<void> {
  await page.route(`http://localhost:${E2E_PORTS.MFE_MARKETING_PORT}/remoteEntry.js`, async (route: Route) => {
    const response = await route.fetch();
    const entry = await response.text();
    expect(entry, 'the container lists its exposed module by name').toContain('"./pages"');
    await route.fulfill({ response, body: entry.replaceAll('"./pages"', '"./routes"') });
  });
}

async function otherRemotesStillWork(page: Page): Promise<void> {
  await siteHeader(page).getByRole('link', { name: 'Sign In' }).first().click();
  await expect(pageHeading(page, 'Welcome back!')).toBeVisible();
}

test.describe('Deploying one remote alone', () => {
  test('a rebuilt remote is picked up on the next page load without rebuilding or restarting the shell', async ({ page, request }) => {
    test.setTimeout(240_000);
    const marker = `drill-${Date.now().toString(36)}`;
    const renderedBy = `<meta name="agentdock-server-build:marketing" content="${marker}" />`;
    await page.goto('/about');
    await expect(pageHeading(page, 'About')).toBeVisible();
    await expect(servedBuild(page)).not.toHaveAttribute('content', marker);
    expect(await servedHtml(request, '/about')).not.toContain(renderedBy);
    try {
      await buildMarketing(marker);
      // The served HTML comes from the new server build too: the renderer looks at the remote's
      // server manifest every few seconds and keeps a page one second in this suite.
      await expect.poll(() => servedHtml(request, '/about'), { timeout: 30_000, intervals: [500] }).toContain(renderedBy);
      expect(await servedHtml(request, '/about')).toMatch(/<h1[^>]*>About<\/h1>/);
      await page.reload();
      await expect(pageHeading(page, 'About')).toBeVisible();
      await expect(servedBuild(page)).toHaveAttribute('content', marker);
    } finally {
      await buildMarketing();
    }
  });

  test.describe('with a breaking change to its exposed module', () => {
    test.use({
      expectedConsoleErrors: {
        'React logs the error its boundary caught (the fallback)': ({ text }) =>
          text.includes('RemoteUnavailableError') || text.includes('"marketing" micro-frontend could not be loaded'),
      },
    });

    test('shows the fallback on its routes only, never a white page', async ({ page }) => {
      await redeployWithRenamedExpose(page);
      await page.goto('/about');
      // The page's code is fetched once the visitor uses the page.
      await mainContent(page).hover();
      await expect(pageHeading(page, TEXT.fallbackHeading)).toBeVisible();
      await expect(siteHeader(page)).toBeVisible();
      await otherRemotesStillWork(page);
    });
  });

  test.describe('built against another React major', () => {
    const refusals: string[] = [];
    test.use({
      expectedConsoleErrors: {
        'the shell refuses the remote, naming the versions': ({ text }) => {
          if (!/^\[agentdock\] The "marketing" micro-frontend was built against react(\/jsx-runtime)? 17\.0\.2/.test(text)) return false;
          refusals.push(text);
          return true;
        },
        'React logs the error its boundary caught (the fallback)': ({ text }) =>
          text.includes('RemoteUnavailableError') || text.includes('"marketing" micro-frontend could not be loaded'),
      },
    });

    test('is refused with a clear console message and the fallback for its routes', async ({ page }) => {
      await redeployManifest(page, (manifest) => {
        for (const shared of manifest.shared as Array<{ name: string; version: string }>) {
          if (shared.name === 'react' || shared.name === 'react/jsx-runtime') shared.version = '17.0.2';
        }
      });
      await page.goto('/pricing');
      await expect(pageHeading(page, TEXT.fallbackHeading)).toBeVisible();
      await expect(mainContent(page).getByRole('article')).toHaveCount(0);
      expect(refusals.length).toBeGreaterThan(0);
      expect(refusals[0]).toContain('Rebuild it against React 19');
      await otherRemotesStillWork(page);
    });
  });
});
