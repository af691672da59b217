import type { Response } from '@playwright/test';
import { failedRequest } from '../support/expected-errors';
import { expect, test } from '../support/fixtures';
import { MAIN_LINKS, mainNav, pageHeading, scrollWindowTo, siteFooter, siteHeader, TEXT } from '../support/site';

test.describe('Header', () => {
  test('is see-through at the top and turns opaque once scrolled past 20 px', async ({ page }) => {
    await page.goto('/');
    await expect(pageHeading(page, TEXT.homeHeading)).toBeVisible();
    const header = siteHeader(page);
    const transparent = 'rgba(0, 0, 0, 0)';

    await expect(header).not.toHaveClass(/shell-header--opaque/);
    await expect(header).toHaveCSS('background-color', transparent);

    await scrollWindowTo(page, 10);
    await expect(header).not.toHaveClass(/shell-header--opaque/);

    await scrollWindowTo(page, 100);
    await expect(header).toHaveClass(/shell-header--opaque/);
    await expect(header).not.toHaveCSS('background-color', transparent);

    await scrollWindowTo(page, 0);
    await expect(header).not.toHaveClass(/shell-header--opaque/);
    await expect(header).toHaveCSS('background-color', transparent);
  });

  test('links Pricing, Course, Our AI Agents, Begin Chatting and Sign In to their pages', async ({ page }) => {
    await page.goto('/');
    await expect(mainNav(page).getByRole('link')).toHaveText([...MAIN_LINKS]);

    const destinations: Array<[string, RegExp, string]> = [
      ['Pricing', /\/pricing$/, TEXT.pricingHeading],
      ['Course', /\/courses$/, 'Courses'],
      ['Our AI Agents', /\/models$/, 'Our AI Agents'],
      ['Begin Chatting', /\/chat$/, 'Chat with Your AI Agent'],
    ];
    for (const [label, url, heading] of destinations) {
      const link = mainNav(page).getByRole('link', { name: label, exact: true });
      await link.click();
      await expect(page).toHaveURL(url);
      await expect(pageHeading(page, heading)).toBeVisible();
      await expect(link).toHaveAttribute('aria-current', 'page');
    }

    await siteHeader(page).getByRole('link', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(pageHeading(page, 'Welcome back!')).toBeVisible();
    // Signed out: no account links beyond Sign In.
    await expect(siteHeader(page).getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await expect(siteHeader(page).getByRole('link', { name: 'Admin' })).toHaveCount(0);

    await siteHeader(page).getByRole('link', { name: 'Agentdock home' }).click();
    await expect(pageHeading(page, TEXT.homeHeading)).toBeVisible();
  });
});

test.describe('Footer', () => {
  test('FAQ has 7 questions and keeps at most one open, by mouse and by keyboard, without loading any code for it', async ({ page }) => {
    // The served questions are the browser's own disclosure elements: no script with their texts
    // (their code) is downloaded to show or use them.
    const scriptsWithQuestions: Array<Promise<string | null>> = [];
    const readScript = (response: Response) => {
      if (response.request().resourceType() !== 'script') return;
      scriptsWithQuestions.push(response.text().then((text) => (text.includes('Do unused credits roll over') ? response.url() : null)));
    };
    page.on('response', readScript);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const faq = siteFooter(page).getByRole('region', { name: 'Frequently asked questions' });
    const questions = faq.locator('summary');
    await expect(questions).toHaveCount(7);
    await expect(faq.locator('details[open]')).toHaveCount(0);

    const question = (title: string) => faq.locator('summary', { has: page.getByRole('heading', { level: 3, name: title }) });
    const item = (title: string) => faq.locator('details', { has: page.getByRole('heading', { level: 3, name: title }) });
    const answer = (title: string) => item(title).locator('.ad-accordion__panel');

    await question('What do the subscription plans include?').click();
    await expect(item('What do the subscription plans include?')).toHaveAttribute('open', '');
    await expect(answer('What do the subscription plans include?')).toBeVisible();

    await question('Do unused credits roll over to the next month?').click();
    await expect(answer('Do unused credits roll over to the next month?')).toContainText('do not roll over');
    await expect(answer('What do the subscription plans include?')).toBeHidden();
    await expect(faq.locator('details[open]')).toHaveCount(1);

    // Keyboard: Enter opens the focused question (closing the other), Space closes it again.
    await question('Is there a community I can join?').focus();
    await page.keyboard.press('Enter');
    await expect(answer('Is there a community I can join?')).toBeVisible();
    await expect(answer('Do unused credits roll over to the next month?')).toBeHidden();
    await page.keyboard.press('Space');
    await expect(faq.locator('details[open]')).toHaveCount(0);

    // Arrow keys move between questions; Space opens the newly focused one.
    await page.keyboard.press('ArrowUp');
    const sixth = questions.nth(5);
    await expect(sixth).toBeFocused();
    await page.keyboard.press('Space');
    await expect(faq.locator('details[open]').locator('summary')).toHaveText(await sixth.innerText());
    await expect(faq.locator('details[open]')).toHaveCount(1);

    await page.waitForLoadState('networkidle');
    // Scripts after this point (the pricing page's) are not the FAQ's: a body still being read when
    // the test ends would fail it for nothing ("response.text: Test ended").
    page.off('response', readScript);
    expect((await Promise.all(scriptsWithQuestions)).filter(Boolean)).toEqual([]);

    // An answer's link changes page inside the app: the document (and this mark on it) stays.
    await question('What do the subscription plans include?').click();
    await page.evaluate(() => document.documentElement.setAttribute('data-same-document', ''));
    await answer('What do the subscription plans include?').getByRole('link', { name: 'pricing page' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.locator('html')).toHaveAttribute('data-same-document', '');
  });

  test('has Company, Legal, Contact and social links', async ({ page }) => {
    await page.goto('/');
    const footer = siteFooter(page);
    await expect(footer.getByRole('navigation', { name: 'Company' }).getByRole('link')).toHaveText(['About', 'Our Story', 'Contact']);
    await expect(footer.getByRole('navigation', { name: 'Legal' }).getByRole('link')).toHaveText(['Terms of Service', 'Privacy Policy']);
    await expect(footer.getByRole('link', { name: 'support@agentdock.example' })).toHaveAttribute('href', 'mailto:support@agentdock.example');
    const community = footer.getByRole('link', { name: /Community chat/ });
    await expect(community).toHaveAttribute('target', '_blank');
    await expect(community).toHaveAttribute('href', /^https:\/\//);

    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(pageHeading(page, 'Privacy Policy')).toBeVisible();
  });
});

test.describe('Not found', () => {
  test.use({ expectedConsoleErrors: { 'the unknown page answers 404': failedRequest(404, '/no-such-page/deeper') } });

  test('an unknown path shows the 404 page inside the layout, with a way home', async ({ page }) => {
    const response = await page.goto('/no-such-page/deeper');
    // The truth for search engines and monitors too, not a 200 with a not-found page in it.
    expect(response?.status()).toBe(404);
    await expect(pageHeading(page, TEXT.notFoundHeading)).toBeVisible();
    await expect(page.getByText('Error 404')).toBeVisible();
    await expect(page).toHaveTitle(/^Page not found/);
    await expect(siteHeader(page)).toBeVisible();
    await expect(siteFooter(page)).toBeAttached();

    await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(pageHeading(page, TEXT.homeHeading)).toBeVisible();
  });
});

test.describe('Mobile menu (375 × 812)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('opens from the keyboard, lists the links without Admin, and closes on navigation', async ({ page }) => {
    await page.goto('/');
    await expect(pageHeading(page, TEXT.homeHeading)).toBeVisible();
    await expect(mainNav(page)).toBeHidden();

    const menuButton = siteHeader(page).getByRole('button', { name: 'Open menu' });
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();

    await menuButton.focus();
    await page.keyboard.press('Enter');
    const closeButton = siteHeader(page).getByRole('button', { name: 'Close menu' });
    await expect(closeButton).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link')).toHaveText([...MAIN_LINKS, 'Sign In']);
    await expect(menu.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Pricing' })).toBeFocused();

    // Escape closes it and gives focus back to the button.
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();

    // Reopen with Space, move to "Course" with Tab and follow it with Enter.
    await page.keyboard.press('Space');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Course' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/courses$/);
    await expect(pageHeading(page, 'Courses')).toBeVisible();
    await expect(menu).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });
});
