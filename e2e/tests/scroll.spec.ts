import { expect, test } from '../support/fixtures';
import { expectVisibleBelowHeader, mainNav, pageHeading, scrollWindowTo, scrollY, siteFooter, TEXT } from '../support/site';

test.describe('Scroll on navigation', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await expect(pageHeading(page, TEXT.homeHeading)).toBeVisible();
    // The contact form is the last part of the page: once it is there the page has its full height.
    await expect(page.getByRole('heading', { name: 'Get in Touch' })).toBeAttached();
  });

  test('a header link opens the next page at the top', async ({ page }) => {
    expect(await scrollWindowTo(page, 1200)).toBeGreaterThan(500);

    await mainNav(page).getByRole('link', { name: 'Pricing', exact: true }).click();
    await expect(pageHeading(page, TEXT.pricingHeading)).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(0);
  });

  test('a footer link opens the next page at the top', async ({ page }) => {
    expect(await scrollWindowTo(page, 'bottom')).toBeGreaterThan(500);

    await siteFooter(page).getByRole('link', { name: 'Our Story', exact: true }).click();
    await expect(pageHeading(page, 'Our Story')).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(0);

    // Back to the home page, which was left scrolled to the bottom: it opens at the top too.
    await page.goBack();
    await expect(pageHeading(page, TEXT.homeHeading)).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(0);
  });

  test('the tailored-agents card scrolls to the Get in Touch form', async ({ page }) => {
    const target = page.getByRole('heading', { level: 2, name: 'Get in Touch' });
    await expect(target).not.toBeInViewport();

    await page.getByRole('link', { name: 'Get in touch' }).click();
    await expect(page).toHaveURL(/\/#get-in-touch$/);
    await expectVisibleBelowHeader(page, target);
    expect(await scrollY(page)).toBeGreaterThan(0);
  });

  test('the community card scrolls to the footer', async ({ page }) => {
    const target = siteFooter(page).getByRole('heading', { level: 2, name: 'Frequently asked questions' });
    await expect(target).not.toBeInViewport();

    await page.getByRole('link', { name: 'Join the community' }).click();
    await expect(page).toHaveURL(/\/#site-footer$/);
    await expectVisibleBelowHeader(page, target);
    expect(await scrollY(page)).toBeGreaterThan(0);
  });

  test('opening /#get-in-touch directly scrolls to the form once the remote page has rendered', async ({ page }) => {
    await page.goto('/#get-in-touch');
    await expectVisibleBelowHeader(page, page.getByRole('heading', { level: 2, name: 'Get in Touch' }));
  });
});
