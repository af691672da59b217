import type { Route } from '@playwright/test';
import { E2E_PORTS } from '../support/ports';
import { expect, test } from '../support/fixtures';
import { mainNav, pageHeading, siteFooter, siteHeader, TEXT } from '../support/site';

const ADMIN_ORIGIN = `http://localhost:${E2E_PORTS.MFE_ADMIN_PORT}/`;
const MARKETING_ORIGIN = `http://localhost:${E2E_PORTS.MFE_MARKETING_PORT}/`;
const ADMIN_REMOTE = `${ADMIN_ORIGIN}**`;

test.describe('A remote that cannot be loaded', () => {
  test.use({
    expectedConsoleErrors: {
      'Chromium logs each aborted request to the blocked admin remote as "Failed to load resource"': ({ text, url }) =>
        text.startsWith('Failed to load resource') && url.startsWith(ADMIN_ORIGIN),
      'React logs the error its boundary caught (the shell renders it as the fallback) to the console': ({ text }) =>
        text.includes('RemoteUnavailableError') && text.includes('agentdock_admin'),
    },
  });

  test('shows the fallback inside the layout, the rest of the site works, and Retry recovers', async ({ page }) => {
    const abort = (route: Route) => route.abort();
    await page.route(ADMIN_REMOTE, abort);

    await page.goto('/admin');
    const fallback = page.getByRole('main').getByRole('alert');
    await expect(fallback.getByRole('heading', { level: 1, name: TEXT.fallbackHeading })).toBeVisible();
    await expect(fallback.getByRole('button', { name: 'Retry' })).toBeVisible();
    // Not a white page: the layout around it is intact and usable.
    await expect(siteHeader(page)).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Pricing', exact: true })).toBeVisible();
    await expect(siteFooter(page)).toBeVisible();
    // The console's own footer: the compact one of the signed-in areas.
    await expect(siteFooter(page).getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
    await expect(pageHeading(page, 'Access Denied')).toHaveCount(0);

    // Other routes, served by other remotes, keep working.
    await mainNav(page).getByRole('link', { name: 'Pricing', exact: true }).click();
    await expect(pageHeading(page, TEXT.pricingHeading)).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(4);
    await siteHeader(page).getByRole('link', { name: 'Agentdock home' }).click();
    await expect(pageHeading(page, TEXT.homeHeading)).toBeVisible();
    await expect(page.getByText(TEXT.fallbackHeading)).toHaveCount(0);

    // Back on /admin while the remote is still down: the fallback again, never a blank page.
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(pageHeading(page, TEXT.fallbackHeading)).toBeVisible();
    await expect(siteHeader(page)).toBeVisible();

    // The remote is back: Retry loads the real page without a reload.
    await page.unroute(ADMIN_REMOTE, abort);
    const adminLoaded = page.waitForResponse((response) => response.url().startsWith(ADMIN_ORIGIN) && response.ok());
    await page.getByRole('button', { name: 'Retry' }).click();
    await adminLoaded;
    await expect(pageHeading(page, 'Access Denied')).toBeVisible();
    await expect(page.getByText('Access denied. Admin privileges required.')).toBeVisible();
    await expect(page.getByText(TEXT.fallbackHeading)).toHaveCount(0);
    await expect(siteHeader(page)).toBeVisible();
  });
});

test.describe('The marketing remote down on the home page', () => {
  test.use({
    expectedConsoleErrors: {
      'Chromium logs each aborted request to the blocked marketing remote as "Failed to load resource"': ({ text, url }) =>
        text.startsWith('Failed to load resource') && url.startsWith(MARKETING_ORIGIN),
      'React logs the error its boundary caught (the shell renders it as the fallback) to the console': ({ text }) =>
        text.includes('RemoteUnavailableError') && text.includes('agentdock_marketing'),
    },
  });

  test('the first view is the fallback inside a working layout, and account pages still open', async ({ page }) => {
    await page.route(`${MARKETING_ORIGIN}**`, (route) => route.abort());
    await page.goto('/');
    await expect(pageHeading(page, TEXT.fallbackHeading)).toBeVisible();
    await expect(siteHeader(page)).toBeVisible();
    await expect(siteFooter(page)).toBeVisible();

    await siteHeader(page).getByRole('link', { name: 'Sign In', exact: true }).click();
    await expect(pageHeading(page, 'Welcome back!')).toBeVisible();
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
  });
});
